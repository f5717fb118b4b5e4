// @ts-check
import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { defineConfig } from 'astro/config';
import { lockCache } from './src/lib/engine/site-cache.ts';
import { useLoaderBundle } from './src/loader/bundle.ts';
import { startAhead } from './src/loader/threads.ts';
import { contentFiles, contentRoots } from './src/lib/site/files.ts';
import { isLean } from './src/lib/site/lean.ts';
import { copyReportFiles, publishAtEnd } from './src/lib/site/copies.ts';
import { foreignFolder, markSite, outDirProblem } from './src/lib/site/out-dir.mjs';
import { terminalText } from './src/lib/terminal.ts';
import { devRequests } from './src/lib/site/dev-requests.ts';

// Tests build into their own folders so they never touch dist/ or the dev cache.
const outDir = resolve(process.env.PERFLAB_OUT_DIR ?? './dist');
const cacheDir = process.env.PERFLAB_CACHE_DIR ?? './node_modules/.astro';

const insideCwd = (/** @type {string} */ path) => {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/**
 * perflab removes only what it wrote (src/lib/site/out-dir.mjs): before anything is written, a build whose output
 * folder is the project, a content folder or the cache, holds one, lies inside a content folder, or already holds
 * files without an earlier build's marker stops with exit 2 and a one-line reason. The folder is marked as soon as it
 * is taken (so a build that fails midway leaves a folder the next build may replace), and again when the site is done.
 * @returns {import('astro').AstroIntegration}
 */
function safeOutDir() {
  return {
    name: 'perflab-safe-out-dir',
    hooks: {
      'astro:config:setup': ({ command, config }) => {
        if (command !== 'build') return;
        const asked = resolve(fileURLToPath(config.outDir));
        const root = fileURLToPath(config.root);
        const problem = outDirProblem(asked, { root, contents: contentRoots(root), cacheDir: fileURLToPath(config.cacheDir) });
        if (problem) {
          process.stderr.write(`perflab: the output folder \`${terminalText(asked)}\` ${terminalText(problem)}; nothing was written\n`);
          process.exit(2);
        }
        if (insideCwd(asked)) {
          mkdirSync(asked, { recursive: true });
          markSite(asked);
        }
      },
      'astro:build:done': ({ dir }) => markSite(fileURLToPath(dir)),
    },
  };
}

/**
 * Each report's Markdown source and data file, copied into the site once its pages are written (src/lib/site/copies.ts;
 * their routes serve them on a dev server), before the output folder is moved into place (`outsideOutDir`).
 * @returns {import('astro').AstroIntegration}
 */
function reportFiles() {
  return {
    name: 'perflab-report-files',
    hooks: {
      'astro:config:setup': ({ command }) => publishAtEnd(command === 'build'),
      'astro:build:done': ({ dir, logger }) => {
        const started = performance.now();
        const { copied, kept } = copyReportFiles(fileURLToPath(dir));
        logger.info(
          `${copied} files published (each report's Markdown source and data, linked to or copied from the cache) in ${Math.round(performance.now() - started)} ms`,
        );
        // Pages whose files meet the site's own or another page's (the checks' `route-collision`): the first stays.
        for (const file of kept) logger.warn(`not copied: \`${terminalText(file)}\` is taken (route-collision)`);
      },
    },
  };
}

/**
 * Astro builds an output folder outside the working directory through `./.astro/`, the folder that also holds its
 * content internals, then copies all of it over: the site would receive `data-store.json`, `collections/`,
 * `content-*.mjs` and `settings.json`, and two such builds would share (and break) one folder. So a build into an
 * outside folder is staged in a folder of its own under the cache, then moved into place when the build is done.
 * @returns {import('astro').AstroIntegration}
 */
function outsideOutDir() {
  const stage = resolve('node_modules', '.astro', `perflab-out-${process.pid}`);
  /** The output folder asked for (in this file, or by `astro build --outDir`), when it is outside the project. */
  let target = '';
  return {
    name: 'perflab-outside-out-dir',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        const asked = resolve(fileURLToPath(config.outDir));
        if (command !== 'build' || insideCwd(asked) || asked === stage) return;
        target = asked;
        rmSync(stage, { recursive: true, force: true });
        updateConfig({ outDir: /** @type {any} */ (pathToFileURL(`${stage}/`)) });
      },
      'astro:build:done': ({ dir }) => {
        const built = resolve(fileURLToPath(dir));
        if (!target || built !== stage) return;
        // Checked before the build too (safeOutDir); the folder may have been filled meanwhile.
        const problem = foreignFolder(target);
        if (problem) {
          process.stderr.write(
            `perflab: the output folder \`${terminalText(target)}\` ${terminalText(problem)}; the site is left in \`${terminalText(stage)}\`\n`,
          );
          process.exit(2);
        }
        rmSync(target, { recursive: true, force: true });
        mkdirSync(dirname(target), { recursive: true });
        try {
          renameSync(stage, target);
        } catch {
          // Another file system: copy, then remove the stage.
          cpSync(stage, target, { recursive: true });
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

/**
 * V8 lets the heap grow to several times what is live before it collects. The lean build of a large site (more
 * Markdown than the memory budget, src/lib/sizes.ts) grows it by 20% over what is live instead: peak memory follows
 * what the build holds (1.5 GiB at 10,000 reports), for more time in collections (at 1,000 reports, where the build
 * is not lean, the setting cost 17%). A smaller site keeps V8's pace. Nor the dev server: it keeps every parsed page in
 * memory for quick reloads, and collecting that often made it start in 57 s instead of 34 s at 1,000 reports, and
 * show an edit in 2.0 s instead of 1.6 s.
 * @returns {import('astro').AstroIntegration}
 */
function buildHeap() {
  return {
    name: 'perflab-build-heap',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        if (isLean(process.cwd())) setFlagsFromString('--heap-growing-percent=20');
      },
    },
  };
}

/**
 * `astro build` runs the loader from one bundled file in the cache folder (src/loader/bundle.ts): loading its 250
 * modules through Vite took longer than checking and rendering 30 reports. Other commands load the sources. A build
 * also starts the loader's helper thread here, to parse pages while Astro starts (src/loader/threads.ts).
 * @returns {import('astro').AstroIntegration}
 */
function loaderBundle() {
  return {
    name: 'perflab-loader-bundle',
    hooks: {
      'astro:config:setup': ({ command, config }) => {
        const cache = resolve(fileURLToPath(config.cacheDir), 'perflab');
        useLoaderBundle(command === 'build' ? cache : null);
        if (command !== 'build') return;
        // Astro spends about a second on this core before the loader runs: a helper thread parses pages meanwhile.
        const root = fileURLToPath(config.root);
        const pages = contentFiles(root).map((f) => ({ path: f.path, absolutePath: f.absolutePath }));
        startAhead(resolve(cache, 'analyses'), pages);
      },
    },
  };
}

/**
 * The dev server watches the project for edits. The caches and the output folder are written by the build itself:
 * watched, each file written there is a change event (and at a few thousand reports, more open watches than the
 * system allows). So the dev server leaves them out, wherever the final config puts them.
 * @returns {import('astro').AstroIntegration}
 */
function watchSourcesOnly() {
  return {
    name: 'perflab-watch-sources-only',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        // And the bench's work folder (`npm run bench`): generated sites of up to 100,000 files.
        const written = [...[config.cacheDir, config.outDir].map((url) => resolve(fileURLToPath(url))), resolve('bench', 'work')];
        /** @param {string} path */
        const ignored = (path) => written.some((dir) => path === dir || path.startsWith(`${dir}${sep}`));
        updateConfig({ vite: { server: { watch: { ignored: [ignored] } } } });
      },
    },
  };
}

export default defineConfig({
  outDir,
  cacheDir,
  site: process.env.PERFLAB_SITE_URL || undefined,
  trailingSlash: 'ignore',
  // Four pages rendered at once: a page waits on its cache files and its output file, and another renders meanwhile
  // (generating 1,000 report pages: 12.6 s with one at a time, 11.3 s with four).
  build: { format: 'directory', concurrency: 4 },
  devToolbar: { enabled: false },
  // Whitespace as HTML keeps it (runs collapsed, never removed): Astro's default since 7 drops the whitespace around
  // elements, which glues the words of adjacent elements in the search index ("ModelQwen3-14B") and in copied text.
  compressHTML: true,
  integrations: [safeOutDir(), buildHeap(), oneBuildAtATime(), reportFiles(), outsideOutDir(), watchSourcesOnly(), loaderBundle()],
  vite: { build: { assetsInlineLimit: 0 }, plugins: [devRequests()] },
});
