import { readFileSync } from 'node:fs';
import { analyze } from '../../src/lib/pipeline.js';
const f = process.argv[2];
const a = analyze(readFileSync(f, 'utf8'), f);
const r = a.report;
console.log(
  JSON.stringify(
    {
      kind: r.kind,
      title: r.title,
      model: r.model,
      hardware: r.hardware,
      objective: r.objective,
      engines: r.engines,
      datasets: r.datasets.map((d) => d.text),
      bench: r.benchmarkCommands.map((c) => [c.line, c.tool, c.model]),
      rec: r.recommendedCommand,
      conclusion: r.conclusion.map((c) => [c.case, c.line]),
      summary: r.summary.map((s) => s.cells.join(' | ')),
      experiments: r.experiments.map((e) => ({
        h: e.heading,
        n: e.number,
        v: e.variants.map((v) => `${v.label}@${v.line} eng=${v.engine} model=${v.model} runs=${v.runs.join(',')}`),
      })),
      other: r.otherCases.map((o) => `${o.case}: B=${o.baseline} O=${o.optimized}`),
      runs: r.runs.map(
        (x) =>
          `${x.id} ${x.format} label=${x.label} failed=${x.failed} ${x.error ?? ''} n=${Object.keys(x.metrics).length} side=${x.context.side} var=${x.context.variant} eng=${x.context.engine} prof=${x.context.profile}`,
      ),
    },
    null,
    1,
  ),
);
