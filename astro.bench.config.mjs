import base from './astro.config.mjs';
const cache = process.env.PERFLAB_BENCH_CACHE ?? './.bench-cache/';
export default { ...base, cacheDir: cache, vite: { ...(base.vite ?? {}), cacheDir: cache + 'vite/' } };
