// Bundles the CLI, dependencies included, into one ESM file so `perflab check` starts fast: no TypeScript loader
// and no module resolution of a hundred small packages at run time.
//
// The bundle carries a hash of its own code (`__PERFLAB_CODE__`, read by src/lib/engine/code.ts): the analysis cache keys its entries by it, so a
// changed parser, page model or dependency never reads entries written by another build (no version to bump).
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'bin', 'perflab.mjs');
// Replaced by the hash of the bundle text that contains it: same length, so nothing else moves.
const PLACEHOLDER = `perflab-build-${'0'.repeat(50)}`;

const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/lib/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  // jsonc-parser's `main` is a UMD build whose `require`s esbuild cannot follow: take its ES module build.
  mainFields: ['module', 'main'],
  outfile,
  define: { __PERFLAB_CODE__: JSON.stringify(PLACEHOLDER) },
  // Some dependencies are CommonJS (commander) and require Node's built-ins.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __perflabRequire } from 'node:module';\nconst require = __perflabRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});

const [file] = result.outputFiles;
const text = file.text;
const hash = createHash('sha256')
  .update(text)
  .digest('hex')
  .slice(0, PLACEHOLDER.length - 'perflab-build-'.length);
const stamped = text.split(PLACEHOLDER).join(`perflab-build-${hash}`);
if (stamped.length !== text.length || !stamped.includes(hash)) throw new Error('build-cli: the build hash was not stamped into the bundle');

// Written beside and renamed into place: a CLI run during a build never loads half a file.
mkdirSync(dirname(outfile), { recursive: true });
const tmp = `${outfile}.${process.pid}.tmp`;
writeFileSync(tmp, stamped, { mode: 0o755 });
renameSync(tmp, outfile);

// The site loader's bundle for this code (src/loader/bundle.ts) goes beside it, so that the first `astro build`
// after an install need not make it (a build looks here before its cache folder). Made by the loader's own
// function, from a bundle of that module written here for the moment.
const maker = join(root, 'bin', `.loader-bundle-${process.pid}.mjs`);
await build({
  absWorkingDir: root,
  entryPoints: ['src/loader/bundle.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outfile: maker,
  logLevel: 'warning',
});
try {
  const { loaderBundle, codeHash } = await import(pathToFileURL(maker).href);
  const sources = join(root, 'src', 'loader');
  await loaderBundle(join(root, 'bin'), codeHash(join(root, 'src', 'lib', 'engine', 'code.ts')), sources);
} finally {
  rmSync(maker, { force: true });
}
