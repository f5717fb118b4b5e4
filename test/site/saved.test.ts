// The site publishes the saved result files a report's runs were read from, as they are and as a view whose fields
// the claims' marks link to (highlighted there); nothing outside the content folders, and no text of a file unescaped.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedResolver } from '../../src/loader/media.js';
import { savedFragment, savedSpans, savedViewHtml } from '../../src/lib/site/saved-view.js';
import { buildSite, readPage } from './build.js';
import { RESULT as SHARED } from '../saved/result.js';

// Made-up numbers, consistent with each other (1000 requests over 64 s); a label that tries to run a script.
const RESULT = { ...SHARED, label: '<script>alert(1)</script>' };

const PAGE = `# Optimizing Demo-8B Throughput on H100

## Experiment Results

### 1. Baseline

The run, as \`vllm bench serve --save-result\` saved it: [baseline result](results/baseline.json); [another](results/leak.json).

The output token throughput of the baseline is 2790 tok/s, with a mean TTFT of 120.5 ms.
`;

describe('the view of a saved result', () => {
  it('should give each value its pointer as id, the lines of a JSON Lines file their index first', () => {
    const text = '{"a": 1, "b": {"c": "x"}}\n{"a": 2}\n';
    const spans = savedSpans(text, 'runs.jsonl').map((s) => [s.id, text.slice(s.start, s.end)]);
    expect(spans).toEqual([
      ['v/0/a', '1'],
      ['v/0/b/c', '"x"'],
      ['v/1/a', '2'],
    ]);
  });

  it("should mark each value of a LoadGen summary by its label, the label's fragment a link can name", () => {
    const text =
      'MLPerf Results Summary\nScenario : Server\nCompleted tokens per second: 30724.51\n50.00 percentile latency (ns)   : 41777872514\n';
    const html = savedViewHtml(text, { file: 'm/mlperf_log_summary.txt', rawUrl: '/saved/x/mlperf_log_summary.txt', homeUrl: '/' });
    expect(html).toContain('<span class="v" id="v/Completed tokens per second">30724.51</span>');
    expect(html).toContain('<span class="v" id="v/50.00 percentile latency (ns)">41777872514</span>');
    expect(savedFragment('/Completed tokens per second')).toBe('#v/Completed%20tokens%20per%20second');
  });

  it('should escape the file text, tags and quotes included', () => {
    const html = savedViewHtml(JSON.stringify(RESULT), { file: 'm/<r>.json', rawUrl: '/saved/x/r.json', homeUrl: '/' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('m/&lt;r&gt;.json');
    expect(html).toContain('<span class="v" id="v/output_throughput">2812.5</span>');
  });

  it('should publish only a file inside the content folders, named by its path below its folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perflab-saved-resolve-'));
    const content = join(dir, 'content');
    mkdirSync(join(content, 'm'), { recursive: true });
    writeFileSync(join(content, 'm', 'r.json'), '{}');
    writeFileSync(join(dir, 'secret.json'), '{}');
    symlinkSync(join(dir, 'secret.json'), join(content, 'm', 'leak.json'));
    const resolver = savedResolver('/', dir, join(content, 'm', 'page.md'), [content]);
    expect(resolver.resolve('r.json')).toMatchObject({ url: expect.stringMatching(/^\/saved\/[0-9a-f]{10}\/r\.json$/) });
    expect(resolver.resolve('leak.json')).toBeNull();
    expect(resolver.resolve('../../secret.json')).toBeNull();
    expect(resolver.resolve('/etc/passwd.json')).toBeNull();
    expect(resolver.published()).toMatchObject([{ file: 'content/m/r.json', name: 'm/r.json' }]);
  });
});

describe('a site whose report links a saved result', () => {
  let dist = '';
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'perflab-saved-site-'));
    const content = join(root, 'content');
    mkdirSync(join(content, 'demo', 'results'), { recursive: true });
    writeFileSync(join(content, 'demo', 'h100.md'), PAGE);
    writeFileSync(join(content, 'demo', 'results', 'baseline.json'), JSON.stringify(RESULT));
    writeFileSync(join(root, 'secret.json'), JSON.stringify({ ...RESULT, model_id: 'outside/Secret' }));
    symlinkSync(join(root, 'secret.json'), join(content, 'demo', 'results', 'leak.json'));
    buildSite(join(root, 'site'), [content]);
    dist = join(root, 'site', 'dist');
  }, 180_000);

  it('should publish the file as it is and its view, and nothing from outside', () => {
    const [hash] = readdirSync(join(dist, 'saved'));
    const raw = join(dist, 'saved', hash, 'baseline.json');
    expect(readFileSync(raw, 'utf8')).toBe(JSON.stringify(RESULT));
    expect(readdirSync(join(dist, 'saved'))).toHaveLength(1);
    expect(readdirSync(join(dist, 'saved', hash)).sort()).toEqual(['baseline.json', 'baseline.json.html']);
    const view = readFileSync(`${raw}.html`, 'utf8');
    expect(view).toContain('<h1>demo/results/baseline.json</h1>');
    expect(view).not.toContain(root);
    expect(view).not.toContain('<script>');
    expect(existsSync(join(dist, 'saved', hash, 'leak.json'))).toBe(false);
  });

  it("should link the page's link to the view and each mark to its field", () => {
    const html = readPage(dist, '/reports/demo/h100/');
    const view = /href="(\/saved\/[0-9a-f]{10}\/baseline\.json\.html)"/.exec(html)?.[1];
    expect(view).toBeDefined();
    const marks = [...html.matchAll(/<a class="claim claim-(\w+)"[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(marks).toContainEqual(['mismatch', `${view}#v/output_throughput`]);
    expect(marks).toContainEqual(['verified', `${view}#v/mean_ttft_ms`]);
    // Each mark's field is in the view.
    const viewHtml = readPage(dist, view!);
    for (const [, href] of marks) expect(viewHtml).toContain(`id="${href.split('#')[1]}"`);
    // The tooltip names the file and the pointer, never a path of the machine.
    expect(html).toContain('demo/results/baseline.json#/output_throughput = 2812.5');
    expect(html).not.toContain(root);
  });
});
