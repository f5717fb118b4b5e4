// `astro dev` watches the project for edits, but not the folders the build writes (caches, output): each file
// written there would be a change event, and at a few thousand reports more watches than the system allows.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import config from '../../astro.config.mjs';

type Hook = (options: { command: string; config: { cacheDir: URL; outDir: URL }; updateConfig: (c: unknown) => void }) => void;

function ignoredFor(command: string, cacheDir: string, outDir: string) {
  const integration = config.integrations?.find(
    (i) => !!i && typeof i === 'object' && 'name' in i && i.name === 'perflab-watch-sources-only',
  );
  expect(integration, 'the watch integration is configured').toBeTruthy();
  const updates: any[] = [];
  const hook = (integration as { hooks: Record<string, Hook> }).hooks['astro:config:setup'];
  hook({
    command,
    config: { cacheDir: pathToFileURL(`${cacheDir}/`), outDir: pathToFileURL(`${outDir}/`) },
    updateConfig: (c) => updates.push(c),
  });
  return updates.flatMap((u) => u.vite.server.watch.ignored as ((path: string) => boolean)[]);
}

it('should leave the cache and output folders out of the dev watcher, wherever the final config puts them', () => {
  const root = resolve('/project');
  const [ignored] = ignoredFor('dev', join(root, '.bench-cache'), join(root, 'dist'));
  expect(ignored(join(root, '.bench-cache'))).toBe(true);
  expect(ignored(join(root, '.bench-cache', 'perflab', 'a-1.html'))).toBe(true);
  expect(ignored(join(root, 'dist', 'reports', 'index.html'))).toBe(true);
  // The content and the sources are still watched; a folder that only starts with the same name too.
  expect(ignored(join(root, 'content', 'a', 'b.md'))).toBe(false);
  expect(ignored(join(root, 'src', 'pages', 'index.astro'))).toBe(false);
  expect(ignored(join(root, '.bench-cache-other', 'x.md'))).toBe(false);
});

it('should change nothing outside the dev server', () => {
  expect(ignoredFor('build', '/p/cache', '/p/dist')).toEqual([]);
});
