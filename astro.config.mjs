// @ts-check
import { defineConfig } from 'astro/config';

// Tests build into their own folders so they never touch dist/ or the dev cache.
export default defineConfig({
  outDir: process.env.PERFLAB_OUT_DIR ?? './dist',
  cacheDir: process.env.PERFLAB_CACHE_DIR ?? './node_modules/.astro',
  site: process.env.PERFLAB_SITE_URL || undefined,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  vite: { build: { assetsInlineLimit: 0 } },
});
