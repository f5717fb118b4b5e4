/**
 * Arbitraries for pages of this family: front matter, a `#` title, `## Conclusion` with a comparison table whose
 * cells state numbers, `## Experiment Results` with `### N. Option` sections, MkDocs admonitions holding serving
 * scripts and benchmark result fences (nested too), prose claims, HTML comments, links and images, then hostile
 * encodings (CRLF, BOM, NUL, tabs).
 *
 * Every page records where its result fences open, so a property can demand that none is lost.
 */
import fc from 'fast-check';
import { blockArb, clean, printedNumber, type GeneratedBlock } from './blocks.js';

/** One source line; `result` marks the opening line of a fence inside a benchmark-result admonition. */
interface Line {
  text: string;
  result?: GeneratedBlock;
}

export interface GeneratedPage {
  text: string;
  /** 1-based lines of the opening fences of result blocks, with the block each holds. */
  resultFences: { line: number; block: GeneratedBlock }[];
  /** Line ending used. Lone CR is never generated: CR-only files losing their runs is a known defect fixed elsewhere. */
  eol: 'lf' | 'crlf';
}

const word = fc.constantFrom('vLLM', 'SGLang', 'FP8', 'TP2', 'EAGLE3', 'Baseline', 'Optimized', 'ShareGPT', 'BS=4', 'Rate 8');
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

/** Inline noise that a writer or an attacker puts into prose: links, images, comments, HTML, tabs, NUL. */
const inline: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: words },
  { weight: 1, arbitrary: fc.constantFrom('[the docs](https://example.com/a)', '[x](#a)', '[y](../other.md#b)', '[z](%E0%A4%A.md)') },
  { weight: 1, arbitrary: fc.constantFrom('![chart](../assets/x.png)', '![](img.jpg)', '<img src=x onerror=alert(1)>') },
  { weight: 1, arbitrary: fc.constantFrom('<!-- note -->', '<span style="color:red">hot</span>', '<br>', '<script>alert(1)</script>') },
  { weight: 1, arbitrary: fc.constantFrom('\t', '\u0000', '\u00a0', '\u200b', '\ufeff', '\f', '\v', 'é', '数字', '🚀') },
  { weight: 1, arbitrary: printedNumber },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(clean) },
);
const sentence = fc.array(inline, { minLength: 1, maxLength: 6 }).map((p) => p.join(' '));

/** Numbers as careless or hostile writers state them: exponents, NaN, other scripts' digits, bare points. */
const oddNumber = fc.constantFrom(
  '1e308',
  '1e400',
  'NaN',
  'Infinity',
  '١٢٣٤',
  '１２３４',
  '.5',
  '12.',
  '1,2,3',
  '+5',
  '−5',
  '0x1F',
  '1_000',
);
const statedNumber = fc.oneof({ weight: 9, arbitrary: printedNumber }, { weight: 1, arbitrary: oddNumber });
const pct = fc.tuple(fc.constantFrom('+', '-'), statedNumber).map(([s, n]) => `${s}${n}%`);
const cellPart = fc
  .tuple(
    fc.constantFrom('Total TPS', 'Mean TPOT(ms)', 'Mean TTFT(ms)', 'Output TPS', 'Mean latency', 'Request throughput'),
    statedNumber,
    fc.constantFrom('', 's/req', ' tok/s'),
    fc.option(
      fc.oneof(
        pct.map((p) => `(${p})`),
        fc.constantFrom(
          '(2.7x faster)',
          '(2.7x<br>faster)',
          '(+4.43% <br/>slower)',
          '<span style="background-color:lightgreen;">(+10.5%)</span>',
        ),
      ),
    ),
    // Separators whose source length differs from their text: entities, escapes, emphasis, tabs.
    fc.constantFrom(': ', ': ', ':&nbsp;', ': &amp; ', ':\t', ': \\* ', ': **', ':  '),
  )
  .map(([label, n, unit, change, sep]) => `${label}${sep}${n}${unit}${change ? ` ${change}` : ''}`);
/** Text before a number that moves columns: a tab, an accent, a wide character, an astral one. */
const lead = fc.option(fc.constantFrom('\t', 'é ', '数字 ', '🚀 ', '**', '<b>'), { freq: 3 }).map((l) => l ?? '');
const cell = fc
  .tuple(lead, fc.array(cellPart, { minLength: 1, maxLength: 3 }), fc.constantFrom('<br>', '<br>', '<br/>', ' \\| ', ' `x` '))
  .map(([l, p, sep]) => l + p.join(sep));

const conclusionTable: fc.Arbitrary<string[]> = fc
  .array(fc.tuple(fc.constantFrom('**ShareGPT**', '**Long Prompt**', '**ShareGPT BS=1**', 'Rate 8', '**Short**'), cell, cell), {
    minLength: 1,
    maxLength: 4,
  })
  .map((rows) => [
    '| Benchmark Case | Baseline (vLLM without any optimizations) | Optimized |',
    '|----------|-------------------------------------------|-----------|',
    ...rows.map(([c, a, b]) => `| ${c} | ${a} | ${b} |`),
  ]);

const summaryTable: fc.Arbitrary<string[]> = fc
  .array(fc.tuple(words, printedNumber, pct), { minLength: 1, maxLength: 4 })
  .map((rows) => [
    '| Optimization Option | Throughput (tok/s) | Improvement |',
    '|---|---|---|',
    ...rows.map(([o, n, p]) => `| ${o} | ${n} | ${p} |`),
  ]);

/** Prose lines that state numbers the way these pages do. */
const claimProse: fc.Arbitrary<string> = fc
  .tuple(
    lead,
    fc.oneof(
      fc
        .tuple(word, printedNumber, word, printedNumber, fc.constantFrom('>', '<', '=', '≈'))
        .map(([a, x, b, y, r]) => `Result: ${a} (${x} tok/s) ${r} ${b} (${y} tok/s)`),
      fc
        .tuple(word, printedNumber, word, printedNumber)
        .map(([a, x, b, y]) => `- Summary: \`${a}\` Total TPS = ${x}, \`${b}\` Total TPS = ${y}.`),
      fc.tuple(printedNumber, printedNumber).map(([x, y]) => `Throughput improved from ${x} to ${y} tok/s.`),
      fc
        .tuple(word, word, printedNumber, printedNumber, printedNumber, pct, printedNumber, printedNumber, printedNumber, printedNumber)
        .map(
          ([a, b, x, y, d, p, t1, t2, t3, q]) =>
            `- Summary: \`${a}\` Total TPS = ${x}, \`${b}\` Total TPS = ${y}. \`${a}\` is faster by ${d} tok/s (${p.slice(1)}); Mean TPOT = ${t1} ms vs ${t2} ms, reduced by ${t3} ms (${q}%).`,
        ),
      fc
        .tuple(word, word, printedNumber, printedNumber, printedNumber, printedNumber, printedNumber, printedNumber, printedNumber)
        .map(
          ([a, b, x, y, d, r, t1, t2, t3]) =>
            `- Summary: \`${a}\` Mean Latency = ${x}s, \`${b}\` Mean Latency = ${y}s. \`${a}\` is faster by ${d}s (${r}x faster). TTFT = ${t1} ms vs ${t2} ms, reduced by ${t3} ms (${r}x<br>faster)`,
        ),
      fc
        .tuple(fc.constantFrom('TP2', 'TP4+EP4', 'DP=2'), printedNumber, printedNumber, printedNumber)
        .map(([tp, x, y, p]) => `${tp} improved throughput from ${x} to ${y} tok/s, achieving ${p}% higher throughput per GPU.`),
      fc.tuple(word, printedNumber, word, printedNumber).map(([a, x, b, y]) => `Mean latency per request: ${a} (${x}s) < ${b} (${y}s)`),
      printedNumber.map((x) => `Success rate: ${x}%`),
      fc.tuple(word, pct).map(([a, p]) => `- ${a}: ${p} TPS`),
      sentence,
    ),
  )
  .map(([l, p]) => (p.startsWith('- ') ? `- ${l}${p.slice(2)}` : l + p));

const servingScript: fc.Arbitrary<string[]> = fc
  .tuple(
    fc.constantFrom('vllm serve Qwen/Qwen3-8B', 'python3 -m sglang.launch_server --model Qwen/Qwen3-8B'),
    fc.array(fc.constantFrom('--tensor-parallel-size 2', '--kv-cache-dtype fp8', '--max-num-seqs 256', '\\'), { maxLength: 3 }),
  )
  .map(([cmd, flags]) => ['```bash', [cmd, ...flags].join(' '), '```']);

const RESULT_TITLES = ['Benchmark result', 'Benchmark results', 'Baseline benchmark results', 'Optimized benchmark results', 'Result'];
const adTitle = fc.oneof(
  fc.constantFrom(...RESULT_TITLES),
  fc.constantFrom('Benchmark result (BS=4)', 'Benchmark Results — 数字', 'Run 2 results'),
);
const marker = fc.constantFrom('???', '???+', '!!!');
const kind = fc.constantFrom('info', 'note', 'tip', 'success', 'info inline end');
const fenceOpen = fc.constantFrom('```', '```text', '```shell', '~~~', '````', '```yaml', '```json', '``` title="out.txt"');

const indent = (depth: number) => ' '.repeat(4 * depth);
const listItem = fc.constantFrom('BS=4:', 'Run 1', 'Rate 8 results', 'With tuned parameters:', 'Baseline');

/** A benchmark-result admonition at a depth, optionally inside an outer admonition, with one or two fences. */
const resultAdmonition: fc.Arbitrary<Line[]> = fc
  .tuple(
    fc.option(fc.tuple(marker, kind, fc.constantFrom('Details', 'Benchmark result', 'Runs'))),
    marker,
    kind,
    adTitle,
    fc.array(
      fc.tuple(fenceOpen, blockArb, fc.option(sentence), fc.option(listItem, { freq: 4 }), fc.constantFrom('', '', '', ' ', '   ')),
      { minLength: 1, maxLength: 2 },
    ),
    fc.constantFrom('    ', '    ', '\t'),
  )
  .map(([outer, m, k, title, fences, unit]) => {
    // Content indented by four blanks or by a tab, as MkDocs accepts both.
    const indent = (depth: number) => unit.repeat(depth);
    const lines: Line[] = [];
    let depth = 0;
    if (outer) {
      lines.push({ text: `${outer[0]} ${outer[1]} "${outer[2]}"` }, { text: `${indent(1)}Outer text.` }, { text: '' });
      depth = 1;
    }
    lines.push({ text: `${indent(depth)}${m} ${k} "${title}"` });
    for (const [open, block, note, item, shift] of fences) {
      let pad = indent(depth + 1);
      // `Note:` first, so random text cannot open a list or a heading that changes where the fence belongs.
      if (note) lines.push({ text: `${pad}Note: ${note}` }, { text: '' });
      if (item) {
        // A fence under a list item inside the admonition (`- BS=4:` then the indented fence).
        // `-   ` puts the item's content edge four columns in, where CommonMark and Python-Markdown agree.
        lines.push({ text: `${pad}-   ${item}` }, { text: '' });
        pad += '    ';
      }
      // The fence may stand up to three blanks right of the content edge; its lines need not follow it.
      lines.push({ text: `${pad}${shift}${open}`, result: block });
      for (const l of block.lines) lines.push({ text: l === '' ? '' : `${pad}${l}` });
      lines.push({ text: `${pad}${shift}${open.replace(/[^`~].*$/, '')}` }, { text: '' });
    }
    return lines;
  });

const scriptAdmonition: fc.Arbitrary<Line[]> = fc
  .tuple(marker, servingScript)
  .map(([m, s]) => [{ text: `${m} info "Serving script"` }, ...s.map((l) => ({ text: `${indent(1)}${l}` })), { text: '' }]);

const plain = (texts: string[]): Line[] => [...texts.map((text) => ({ text })), { text: '' }];

const experimentPart: fc.Arbitrary<Line[]> = fc.oneof(
  { weight: 3, arbitrary: resultAdmonition },
  // The same inside a list item: every line indented under `- Case:`.
  {
    weight: 1,
    arbitrary: resultAdmonition.map((ls) => [
      { text: '-   Case:' },
      { text: '' },
      ...ls.map((l) => ({ ...l, text: l.text === '' ? '' : `    ${l.text}` })),
    ]),
  },
  { weight: 2, arbitrary: scriptAdmonition },
  { weight: 2, arbitrary: claimProse.map((p) => plain([p])) },
  // A claim sentence wrapped onto the next line at a blank (a soft break inside the paragraph or list item).
  {
    weight: 1,
    arbitrary: fc.tuple(claimProse, fc.nat(), fc.constantFrom('\n', '<br>', '<br>\n', '  \n')).map(([p, k, br]) => {
      const blanks = [...p.matchAll(/ /g)].map((m) => m.index);
      if (blanks.length === 0) return plain([p]);
      const at = blanks[k % blanks.length];
      const [first, ...rest] = `${p.slice(0, at)}${br}${p.slice(at + 1)}`.split('\n');
      return plain([first, ...rest.map((r) => `${p.startsWith('- ') ? '  ' : ''}${r}`)]);
    }),
  },
  // A claim on the second line of a paragraph, after a soft break or a hard one.
  {
    weight: 1,
    arbitrary: fc.tuple(words, fc.constantFrom('', '  ', '\\'), claimProse).map(([a, br, p]) => plain([`${a}${br}`, p.replace(/^- /, '')])),
  },
  { weight: 1, arbitrary: words.map((w) => plain([w])) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('!!! note', '??? warning "Careful"').chain((m) => sentence.map((s) => plain([m, `${indent(1)}${s}`]))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('<!-- perflab-ignore claim-mismatch: known -->', '<!-- hidden -->', '---').map((c) => plain([c])),
  },
);

const experiment: fc.Arbitrary<Line[]> = fc
  .tuple(
    fc.nat({ max: 12 }),
    fc.constantFrom('Choosing the Inference Engine', 'Quantization', 'Speculative Decoding', 'Attention Backend'),
    fc.boolean(),
    fc.array(experimentPart, { maxLength: 5 }),
  )
  .map(([n, name, numbered, parts]) => [...plain([`### ${numbered ? `${n}. ` : ''}${name}`]), ...parts.flat()]);

const frontMatter: fc.Arbitrary<readonly string[]> = fc.oneof(
  fc.constant([]),
  fc.constant(['---', 'title: Optimizing Qwen3-8B', 'tags: [vllm, h100]', '---', '']),
  fc.constant(['---', 'title: [', '---', '']),
  fc.constant(['---', 'hide:', '  - toc', '---', '']),
);

const title = fc.constantFrom(
  '# Optimizing Qwen3-8B Throughput on NVIDIA H100 GPUs',
  '# Optimizing GLM-4.5-Air Latency on NVIDIA A100 GPUs',
  '# Engine baselines',
  '# ',
);

/** A table as written, or inside an admonition or a list item, where its columns start further right. */
const placedTable = (table: fc.Arbitrary<string[]>): fc.Arbitrary<string[]> =>
  fc
    .tuple(table, fc.constantFrom('', '', '', 'admonition', 'admonition-tab', 'list'))
    .map(([rows, where]) =>
      where === 'admonition'
        ? ['!!! tip "Results"', ...rows.map((r) => `    ${r}`)]
        : where === 'admonition-tab'
          ? ['??? note "Comparison"', ...rows.map((r) => `\t${r}`)]
          : where === 'list'
            ? ['- Comparison:', '', ...rows.map((r) => `    ${r}`)]
            : rows,
    );

const conclusion: fc.Arbitrary<Line[]> = fc
  .tuple(fc.option(sentence), placedTable(conclusionTable), fc.option(scriptAdmonition))
  .map(([s, table, script]) => [...plain(['## Conclusion']), ...(s ? plain([s]) : []), ...(script ?? []), ...plain(table)]);

const otherSections: fc.Arbitrary<Line[]> = fc
  .tuple(fc.boolean(), placedTable(summaryTable), fc.array(resultAdmonition, { maxLength: 2 }))
  .map(([withSummary, table, others]) => [
    ...(withSummary ? [...plain(['### Summary of Optimization Options']), ...plain(table)] : []),
    ...(others.length > 0 ? [...plain(['### Other Benchmark Cases']), ...others.flat()] : []),
  ]);

/** A tail that leaves something open: it must come last, since it swallows the rest of the page. */
const openTail: fc.Arbitrary<readonly string[]> = fc.constantFrom<readonly string[]>(
  [],
  [],
  ['```', 'never closed'],
  ['<!-- never closed'],
  ['    ```', '    half'],
);

/** Essay tables: a `Change` / `Performance Gain` / `Performance Boost` column, or cells annotated with a gain. */
const essayTable: fc.Arbitrary<string[]> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('Change', 'Performance Gain', 'Performance Boost'),
      fc.array(
        fc.tuple(
          words,
          printedNumber,
          printedNumber,
          fc.oneof(
            pct,
            printedNumber.map((n) => `${n}x`),
          ),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    )
    .map(([col, rows]) => [
      `| Config | Before | After | ${col} |`,
      '|---|---:|---:|---|',
      ...rows.map(([w, a, b, c]) => `| ${w} | ${a} | ${b} | ${c} |`),
    ]),
  fc
    .tuple(printedNumber, fc.array(fc.tuple(words, printedNumber, pct), { minLength: 1, maxLength: 4 }))
    .map(([base, rows]) => [
      '| Precision | TPS |',
      '|---|---|',
      `| BF16 baseline | ${base} |`,
      ...rows.map(([w, n, p]) => `| ${w} | ${n} (${p}) |`),
    ]),
);

const essayPart: fc.Arbitrary<string[]> = fc.oneof(
  placedTable(essayTable),
  claimProse.map((p) => [p]),
  fc.array(fc.tuple(word, pct), { minLength: 1, maxLength: 4 }).map((items) => items.map(([w, p]) => `- **${w}**: ${p} TPS, ${p} TTFT`)),
  fc.constantFrom('## Background', '## Observations', '### Notes').map((h) => [h]),
  sentence.map((x) => [x]),
);

/** A page without the report skeleton and without runs: an essay whose numbers compare among themselves. */
const essayArb: fc.Arbitrary<{ lines: Line[] }> = fc
  .tuple(frontMatter, fc.constantFrom('# Why FP8 helps', '# Engine notes', '# 数字 and speed'), fc.array(essayPart, { maxLength: 8 }))
  .map(([fm, t, parts]) => ({ lines: [...fm.map((text) => ({ text })), ...plain([t]), ...parts.flatMap(plain)] }));

const reportArb: fc.Arbitrary<{ lines: Line[] }> = fc
  .tuple(
    frontMatter,
    title,
    fc.option(conclusion),
    fc.option(fc.constant(plain(['## Experimental Setup', '### Model', 'Qwen/Qwen3-8B', '', '### Hardware', 'NVIDIA H100 GPUs x2']))),
    fc.array(experiment, { maxLength: 4 }),
    otherSections,
    openTail,
  )
  .map(([fm, t, concl, setup, experiments, others, tail]) => {
    const lines: Line[] = [
      ...fm.map((text) => ({ text })),
      ...plain([t]),
      ...(concl ?? []),
      ...(setup ?? []),
      ...plain(['## Experiment Results']),
      ...experiments.flat(),
      ...others,
      ...tail.map((text) => ({ text })),
    ];
    return { lines };
  });

/** A whole page (a report or an essay); `eol` picks the line ending, and a BOM may lead. */
export const pageArb: fc.Arbitrary<GeneratedPage> = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: reportArb }, { weight: 1, arbitrary: essayArb }),
    fc.constantFrom<'lf' | 'crlf'>('lf', 'lf', 'crlf'),
    fc.boolean(),
  )
  .map(([{ lines }, eol, bom]) => {
    const resultFences = lines.flatMap((l, i) => (l.result ? [{ line: i + 1, block: l.result }] : []));
    const text = (bom ? '\ufeff' : '') + lines.map((l) => l.text).join(eol === 'crlf' ? '\r\n' : '\n');
    return { text, resultFences, eol };
  });
