/**
 * `saved-result-unknown` (warning): An object of a saved result file is no format perflab reads.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#saved-result-unknown shows them.
 */
import { noteRule } from './shared/notes.js';

/** A report that links a saved result file from its results section. */
const page = (file: string) => `# Optimizing Demo-8B Throughput on H100

## Experiments

### 1. Baseline

The run, as saved by the benchmark: [result](${file}).
`;

/**
 * Each object of a linked saved result file (the file, each line of a JSON Lines file, each item of a top-level
 * array) is read by the first saved-result format that recognises its keys (docs/formats.md lists them). An object
 * none recognises gives no run, so nothing the page states from it is checked: a warning, naming the object's
 * line and JSON pointer and its first keys, so that the format can be added or the right file linked.
 */
export const savedResultUnknown = noteRule({
  id: 'saved-result-unknown',
  severity: 'warning',
  description: 'An object of a saved result file is no format perflab reads.',
  fix: 'Link the file the benchmark tool saved (its result JSON), or ask for its format to be read.',
  examples: {
    ok: page('saved/vllm-result.json'),
    notOk: page('saved/not-a-result.json'),
    folder: 'docs',
  },
  say: (n) => ({
    message: `Unexpected object in saved result \`${n.file}\` at ${n.file}:${n.at.line}:${n.at.column}${n.at.pointer ? ` (${n.at.pointer})` : ''}: ${n.detail}`,
    expected: 'an object of a saved-result format',
    actual: n.detail,
  }),
});
