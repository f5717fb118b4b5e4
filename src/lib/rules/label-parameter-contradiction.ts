/**
 * `label-parameter-contradiction` (warning): A variant label states a parameter value (`Seqs 256`) that its serving command or backend parameters contradict.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#label-parameter-contradiction shows them.
 */
import { emit } from '../diagnostics.js';
import type { Command } from '../schemas/report.js';
import { flagsOf } from './shared/commands.js';
import type { Rule } from './types.js';

const page = (label: string) => `# Optimizing Demo-9B Latency on NVIDIA H100 GPUs

## Experiment Results

### Max Number of Sequences

#### ${label}

- Profile: \`ShareGPT 8RPS\`
- Backend Parameters:

  \`\`\`bash
  --max-model-len=32768
  --max-num-seqs=128
  \`\`\`
`;

/** A name and a number in a label, separated (`Seqs 256`, `max-num-seqs=256`, `batched tokens: 8k`). */
const STATED = /(?<![\w-])([A-Za-z][A-Za-z_-]*(?:\s+[A-Za-z][A-Za-z_-]*)?)\s*[=:\s]\s*(\d+)([kK])?(?![\w.])/g;

/** Name parts that say nothing about which flag is meant (`Size 256` could be any size). */
const GENERIC = new Set([
  'max',
  'min',
  'num',
  'number',
  'size',
  'len',
  'length',
  'model',
  'port',
  'host',
  'with',
  'and',
  'the',
  'of',
  'in',
  'tp',
  'pp',
  'ep',
  'dp',
]);

const parts = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((p) => p && !GENERIC.has(p));

/**
 * A variant label or heading that states a parameter value its own serving command or `- Backend Parameters:`
 * list contradicts: `Seqs 256` over `--max-num-seqs=128`, `max-num-batched-tokens 8k` over
 * `--max-num-batched-tokens 16384`. The label's words (generic ones such as `max`, `size` left out) must all be
 * parts of exactly one numeric flag of the command, and `8k` reads as 8000 or 8192. Parallelism sizes,
 * quantization and engines are `label-flag-contradiction`'s; labels written as flags (`--max-num-seqs 256`)
 * label sweep results under a base script and are not compared.
 */
export const labelParameterContradiction: Rule = {
  id: 'label-parameter-contradiction',
  severity: 'warning',
  description: 'A variant label states a parameter value (`Seqs 256`) that its serving command or backend parameters contradict.',
  fix: 'Make the label state the value the command uses, or correct the command (and re-run) if the label is right.',
  examples: { ok: page('Seqs 128'), notOk: page('Seqs 256') },
  check({ report, file }) {
    const seen = new Set<string>();
    for (const exp of report.experiments) {
      for (const v of exp.variants) {
        if (!v.command || /^[-#]/.test(v.label.trim()) || v.label.length > 60) continue;
        const key = `${v.line}:${v.command.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const c of contradictions(v.label, v.command)) {
          emit(
            file,
            'label-parameter-contradiction',
            'warning',
            { line: v.line, column: 1 },
            `Unexpected \`${c.stated}\` in label \`${v.label}\`: the command sets \`${c.flag}\``,
            { expected: c.flag, actual: c.stated, cause: { file: report.path, line: v.command.line, note: 'serving command' } },
          );
        }
      }
    }
  },
};

function contradictions(label: string, command: Command): Array<{ stated: string; flag: string }> {
  const numeric = flagsOf(command).filter((f) => f.name && f.value !== null && /^\d+$/.test(f.value.replace(/^['"]|['"]$/g, '')));
  const out: Array<{ stated: string; flag: string }> = [];
  for (const m of label.matchAll(STATED)) {
    const words = parts(m[1]);
    if (words.length === 0) continue;
    const matching = numeric.filter((f) => {
      const name = parts(f.name);
      return words.every((w) => name.some((n) => n === w || n === `${w}s` || `${n}s` === w));
    });
    if (matching.length !== 1) continue;
    const n = Number.parseInt(m[2], 10);
    const allowed = m[3] ? [n * 1000, n * 1024] : [n];
    const value = Number.parseInt(matching[0].value!.replace(/^['"]|['"]$/g, ''), 10);
    if (!allowed.includes(value)) out.push({ stated: m[0].trim(), flag: matching[0].text });
  }
  return out;
}
