// The comparison builders: MkDocs Material (what the reports were written for) and Hugo
// (the speed floor). Each gets a minimal generated site over the same pages.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measure } from './measure.mjs';

export const INSTALL = {
  mkdocs: 'apt-get update && apt-get install -y mkdocs mkdocs-material python3-pymdownx  (or: pip install mkdocs-material)',
  hugo: 'apt-get update && apt-get install -y hugo',
};

/** Version string of a tool, or null when it is not installed (or MkDocs lacks the Material theme). */
export function toolVersion(name) {
  try {
    if (name === 'mkdocs') {
      // Ask mkdocs' own interpreter (its shebang) for the Material theme and pymdownx.
      const exe = execFileSync('sh', ['-c', 'command -v mkdocs'], { encoding: 'utf8' }).trim();
      const py = /^#!\s*(\S+)/.exec(readFileSync(exe, 'utf8').split('\n')[0])?.[1] ?? 'python3';
      const probe = 'import pymdownx; from mkdocs.utils import get_theme_names; assert "material" in get_theme_names()';
      execFileSync(py, ['-c', probe], { stdio: 'ignore' });
      return execFileSync('mkdocs', ['--version'], { encoding: 'utf8' }).trim().split(' from ')[0];
    }
    return execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim().split(' ').slice(0, 2).join(' ');
  } catch {
    return null;
  }
}

export function mkdocsSite(dir, content) {
  mkdirSync(dir, { recursive: true });
  const yml = [
    'site_name: perflab bench',
    `docs_dir: ${JSON.stringify(content)}`,
    'theme:',
    '  name: material',
    'markdown_extensions:',
    '  - admonition',
    '  - pymdownx.details',
    '  - pymdownx.superfences',
    '  - tables',
    '  - toc:',
    '      permalink: true',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'mkdocs.yml'), yml);
  return dir;
}

export function buildMkdocs({ dir, out, logPrefix }) {
  rmSync(out, { recursive: true, force: true });
  return measure('mkdocs', ['build', '-q', '-f', join(dir, 'mkdocs.yml'), '-d', out], { cwd: dir, log: `${logPrefix}.mkdocs.log` });
}

export function hugoSite(dir, content) {
  mkdirSync(join(dir, 'layouts/_default'), { recursive: true });
  const toml = [
    'baseURL = "http://localhost/"',
    'title = "perflab bench"',
    `contentDir = ${JSON.stringify(content)}`,
    'disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]',
    '[markup.goldmark.renderer]',
    '  unsafe = true',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'config.toml'), toml);
  // The one-file layout.
  writeFileSync(
    join(dir, 'layouts/_default/single.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n',
  );
  return dir;
}

export function buildHugo({ dir, out, logPrefix }) {
  rmSync(out, { recursive: true, force: true });
  return measure('hugo', ['--quiet', '-s', dir, '-d', out, '--cacheDir', join(dir, '.cache')], { cwd: dir, log: `${logPrefix}.hugo.log` });
}

/**
 * Bare Astro: the same pages through a minimal Astro content collection (the glob loader, Astro's own Markdown
 * with syntax highlighting off, one page template, no checks, no search), on the project's own Astro. The floor
 * that shows what perflab adds on top of Astro itself.
 */
export function bareAstroSite(dir, content, nodeModules) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  symlinkSync(nodeModules, join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bare-astro-bench', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    [
      // The pages link images that are not in the corpus; Astro's Markdown would fail the build importing them, so
      // relative image paths become site paths (the page shows a broken image, as MkDocs and Hugo do). A plugin of
      // Astro's default Markdown processor, so the floor stays Astro's own Markdown.
      "import { satteri } from '@astrojs/markdown-satteri';",
      'const sitePaths = {',
      "  name: 'site-paths',",
      '  image(node, ctx) {',
      "    if (!/^([a-z][a-z0-9+.-]*:|\\/)/i.test(node.url)) ctx.replaceNode(node, { ...node, url: '/' + node.url.replace(/^(\\.\\.?\\/)+/, '') });",
      '  },',
      '};',
      "export default { cacheDir: process.env.BARE_CACHE ?? './.cache/', markdown: { syntaxHighlight: false, processor: satteri({ mdastPlugins: [sitePaths] }) } };",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src/content.config.mjs'),
    [
      "import { defineCollection } from 'astro:content';",
      "import { glob } from 'astro/loaders';",
      `export const collections = { reports: defineCollection({ loader: glob({ pattern: '**/*.md', base: ${JSON.stringify(content)} }) }) };`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src/pages/[...slug].astro'),
    [
      '---',
      "import { getCollection, render } from 'astro:content';",
      'export async function getStaticPaths() {',
      "  return (await getCollection('reports')).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));",
      '}',
      'const { entry } = Astro.props;',
      'const { Content } = await render(entry);',
      '---',
      '<!doctype html><html><head><meta charset="utf-8"><title>{entry.id}</title></head><body><main><Content /></main></body></html>',
      '',
    ].join('\n'),
  );
  return dir;
}

export function buildBareAstro({ dir, out, logPrefix }) {
  rmSync(out, { recursive: true, force: true });
  rmSync(join(dir, '.cache'), { recursive: true, force: true });
  return measure(join(dir, 'node_modules', '.bin', 'astro'), ['build', '--outDir', out], {
    cwd: dir,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    log: `${logPrefix}.bare.log`,
  });
}
