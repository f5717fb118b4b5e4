// @ts-check
import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig } from 'astro/config';
import { lockCache } from './src/loader/cache.ts';

// Tests build into their own folders so they never touch dist/ or the dev cache.
const outDir = resolve(process.env.PERFLAB_OUT_DIR ?? './dist');
const cacheDir = process.env.PERFLAB_CACHE_DIR ?? './node_modules/.astro';

const insideCwd = (/** @type {string} */ path) => {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * Astro builds an output folder outside the working directory through `./.astro/`, the folder that also holds its
 * content internals, then copies all of it over: the site would receive `data-store.json`, `collections/`,
 * `content-*.mjs` and `settings.json`, and two such builds would share (and break) one folder. So a build into an
 * outside folder is staged in a folder of its own under the cache, then moved into place when the build is done.
 * @returns {import('astro').AstroIntegration}
 */
function outsideOutDir() {
  const stage = resolve('node_modules', '.astro', `perflab-out-${process.pid}`);
  return {
    name: 'perflab-outside-out-dir',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build' || insideCwd(outDir)) return;
        rmSync(stage, { recursive: true, force: true });
        updateConfig({ outDir: /** @type {any} */ (pathToFileURL(`${stage}/`)) });
      },
      'astro:build:done': ({ dir }) => {
        const built = resolve(fileURLToPath(dir));
        if (built !== stage) return;
        rmSync(outDir, { recursive: true, force: true });
        mkdirSync(dirname(outDir), { recursive: true });
        try {
          renameSync(stage, outDir);
        } catch {
          // Another file system: copy, then remove the stage.
          cpSync(stage, outDir, { recursive: true });
          rmSync(stage, { recursive: true, force: true });
        }
      },
    },
  };
}

/**
 * Two builds of one project share Astro's content store and perflab's render cache (both under `cacheDir`): the
 * second waits for the first to exit, from before the content is synced, instead of emptying the first one's store.
 * @returns {import('astro').AstroIntegration}
 */
function oneBuildAtATime() {
  return {
    name: 'perflab-one-build-at-a-time',
    hooks: {
      'astro:config:setup': async ({ command, logger }) => {
        if (command !== 'build') return;
        await lockCache(resolve(cacheDir, 'perflab'), (message) => logger.info(message));
      },
    },
  };
}

export default defineConfig({
  outDir,
  cacheDir,
  site: process.env.PERFLAB_SITE_URL || undefined,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  integrations: [oneBuildAtATime(), outsideOutDir()],
  vite: { build: { assetsInlineLimit: 0 } },
});
