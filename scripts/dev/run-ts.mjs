// Run a TypeScript file of this repo with Node: bundle it with esbuild (dependencies stay external), then import it.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/dev/run-ts.mjs FILE.ts [args...]');
  process.exit(2);
}
// Next to the repo's node_modules so that external packages resolve.
const outfile = join(mkdtempSync(join(resolve('node_modules'), '.run-ts-')), 'entry.mjs');
await build({
  entryPoints: [resolve(entry)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  packages: 'external',
  logLevel: 'warning',
});
process.argv = [process.argv[0], entry, ...rest];
process.on('exit', () => rmSync(dirname(outfile), { recursive: true, force: true }));
await import(pathToFileURL(outfile).href);
