// Astro's own route generator, for tests that compare the routes perflab checks with the files the build writes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..', '..');

/** A route's path for its parameters (`{ slug }`), as Astro's static build makes it. */
export type Generate = (params: Record<string, string>) => string;

/**
 * The generators of the site's three routes made from a report's slug (`src/pages/reports/[...slug].astro`,
 * `src/pages/reports/[...slug].md.ts`, `src/pages/data/[...slug].json.ts`). Astro does not export the generator:
 * it is loaded from its file.
 */
export async function astroRoutes(): Promise<{ page: Generate; markdown: Generate; data: Generate }> {
  // Astro 7 keeps it in core/routing/generator.js (Astro 5: core/routing/manifest/generator.js).
  const file = join(ROOT, 'node_modules', 'astro', 'dist', 'core', 'routing', 'generator.js');
  const { getRouteGenerator } = (await import(pathToFileURL(file).href)) as {
    getRouteGenerator: (segments: unknown[], trailing: string) => Generate;
  };
  const part = (content: string, dynamic = false) => ({ content, dynamic, spread: dynamic });
  return {
    page: getRouteGenerator([[part('reports')], [part('...slug', true)]], 'never'),
    markdown: getRouteGenerator([[part('reports')], [part('...slug', true), part('.md')]], 'never'),
    data: getRouteGenerator([[part('data')], [part('...slug', true), part('.json')]], 'never'),
  };
}

/** The file a generated path is written to under `/out` (the build's `encodeURI`, then the file URL's path). */
export const writtenAs = (pathname: string): string => fileURLToPath(new URL(`.${encodeURI(pathname)}`, 'file:///out/'));

/** The files the site's own pages write in the folders reports write to (`data/`, `reports/`): its static pages there. */
export function siteOwnFiles(): string[] {
  return ['data', 'reports'].flatMap((folder) =>
    readdirSync(join(ROOT, 'src', 'pages', folder))
      .filter((name) => !name.startsWith('['))
      .map((name) => `${folder}/${name.replace(/\.(ts|js)$/, '')}`),
  );
}
