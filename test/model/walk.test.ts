import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkCount } from '../../src/lib/model/walk/index.js';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

describe('one walk per page', () => {
  it('should visit the tree of a page once, from analyze through checkAll', () => {
    const text = readFileSync(join(SEED_PAGES, 'qwen3-14b/h100.md'), 'utf8');
    const before = walkCount.roots;
    const analysis = analyze(text, 'test/fixtures/seed-pages/qwen3-14b/h100.md');
    expect(walkCount.roots - before).toBe(1);
    checkAll([analysis]);
    expect(walkCount.roots - before).toBe(1);
    expect(analysis.report.runs.length).toBeGreaterThan(0);
  });

  it('should visit each page once when several pages are checked together', () => {
    const files = markdownFiles(SEED_PAGES);
    const before = walkCount.roots;
    checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), f)));
    expect(walkCount.roots - before).toBe(files.length);
  });

  it('should not give the Analysis a second outline of the page', () => {
    expect(Object.keys(analyze('# T\n', 't.md')).sort()).toEqual([
      'absolutePath',
      'commands',
      'file',
      'linesAbove',
      'notes',
      'profiles',
      'report',
      'scripts',
      'sites',
      'source',
      'tree',
    ]);
  });
});

describe('links and images wherever they sit', () => {
  const page = [
    '# Links',
    '',
    'A [paragraph](a.md) link.',
    '',
    '- [item](b.md) and ![an image](i.png)',
    '    - [nested item](c.md#x)',
    '',
    '!!! note "N"',
    '    - [item in an admonition](d.md)',
    '',
    '> [quoted](e.md)',
    '',
    '| Case | Link |',
    '|---|---|',
    '| x | [cell](f.md) |',
    '',
    '## [Heading](g.md)',
    '',
  ].join('\n');
  const { report } = analyze(page, 'links.md');

  it('should find every link once, in document order, with its place', () => {
    expect(report.links.map((l) => [l.url, l.text, l.line, l.column])).toEqual([
      ['a.md', 'paragraph', 3, 3],
      ['b.md', 'item', 5, 3],
      ['c.md#x', 'nested item', 6, 7],
      ['d.md', 'item in an admonition', 9, 7],
      ['e.md', 'quoted', 11, 3],
      ['f.md', 'cell', 15, 7],
      ['g.md', 'Heading', 17, 4],
    ]);
  });

  it('should find an image inside a list item', () => {
    expect(report.images).toEqual([{ url: 'i.png', alt: 'an image', line: 5, column: 20 }]);
  });
});

describe('claim sites', () => {
  const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];

  it.each(files.map((f) => [f.slice(f.lastIndexOf('/', f.lastIndexOf('/') - 1) + 1), f]))(
    'should come in document order, each a paragraph or a table (%s)',
    (_name, file) => {
      const { sites } = analyze(readFileSync(file, 'utf8'), file);
      expect(sites.length).toBeGreaterThan(0);
      const offsets = sites.map((s) => s.node.position!.start.offset!);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      for (const s of sites) expect(s.node.type).toBe(s.kind === 'table' ? 'table' : 'paragraph');
    },
  );
});

describe('scripts: every command tokenised once', () => {
  const files = [...markdownFiles(SEED_PAGES), ...(hasCorpus ? markdownFiles(CORPUS) : [])];

  it.each(files.map((f) => [f.slice(f.lastIndexOf('/', f.lastIndexOf('/') - 1) + 1), f]))(
    'should take every command of the model from the scripts, the same objects (%s)',
    (_name, file) => {
      const { report, commands, scripts } = analyze(readFileSync(file, 'utf8'), file);
      const tokenised = new Set(scripts.flatMap((s) => s.commands));
      const used = [
        ...commands,
        ...report.benchmarkCommands,
        ...(report.recommendedCommand ? [report.recommendedCommand] : []),
        ...report.experiments.flatMap((e) => e.variants.flatMap((v) => (v.command ? [v.command] : []))),
      ];
      for (const c of used) expect(tokenised.has(c), `${c.line}: ${c.text}`).toBe(true);
      const lines = scripts.map((s) => s.node.position!.start.line);
      expect(lines).toEqual([...lines].sort((a, b) => a - b));
      for (const s of scripts) for (const c of s.commands) expect(c.words.join(' ')).toBe(c.text.split(/\s+/).filter(Boolean).join(' '));
    },
  );

  it('should keep every command of a script, with its line, words and flags', () => {
    const page = [
      '# S',
      '',
      '```bash',
      'export TP=4',
      'vllm serve Org/M \\',
      '  --tp ${TP} --speculative-config \'{"a": 1}\'',
      'docker logs -f x',
      '```',
      '',
    ].join('\n');
    const { scripts, commands } = analyze(page, 's.md');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].commands.map((c) => [c.line, c.tool, c.words])).toEqual([
      [4, null, ['export', 'TP=4']],
      [5, 'vllm', ['vllm', 'serve', 'Org/M', '--tp', '${TP}', '--speculative-config', '\'{"a": 1}\'']],
      [7, null, ['docker', 'logs', '-f', 'x']],
    ]);
    expect(scripts[0].commands[1].flags).toEqual(['--tp ${TP}', '--speculative-config \'{"a": 1}\'']);
    expect(commands).toEqual([scripts[0].commands[1]]);
  });
});

describe('the walk reads the tree, not the text', () => {
  const dir = join(import.meta.dirname, '..', '..', 'src', 'lib', 'model', 'walk');
  it.each(readdirSync(dir))('%s slices no source text', (name) => {
    const code = readFileSync(join(dir, name), 'utf8');
    expect(code).not.toMatch(/\b(sourceOf|cellSource)\b|\.offset\b|source\s*:\s*string/);
  });
});
