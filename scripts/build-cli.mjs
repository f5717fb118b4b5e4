// Bundles the CLI into one ESM file so `perflab check` starts fast (no TypeScript loader at run time).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/lib/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'bin/perflab.mjs',
  packages: 'external',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
