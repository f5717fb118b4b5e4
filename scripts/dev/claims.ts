// Print every claim of the given pages with its verdict (a development aid).
import { readFileSync } from 'node:fs';
import { analyze, checkAll } from '../../src/lib/pipeline.js';

const files = process.argv.slice(2);
const reports = checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), f)));
for (const r of reports) {
  for (const c of r.claims) {
    if (process.env.ALL || c.verdict !== 'verified')
      console.log(
        `${r.path}:${c.line}:${c.column} ${c.kind} ${c.text} ${c.verdict} recomputed=${c.recomputed} ${c.formula ?? ''} src=${c.source ? `${c.source.path === r.path ? '' : c.source.path}:${c.source.line}` : '-'}`,
      );
  }
  const n = r.claims.length;
  console.log(`# ${r.path}: ${r.claims.filter((c) => c.verdict === 'verified').length}/${n} verified`);
}
