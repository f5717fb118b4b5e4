/**
 * `saved-result-unreadable` (error): A saved result file the page links to cannot be read as one.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#saved-result-unreadable shows them.
 */
import { noteRule } from './shared/notes.js';

/** A report that links a saved result file from its results section. */
const page = (file: string) => `# Optimizing Demo-8B Throughput on H100

## Experiments

### 1. Baseline

The run, as \`vllm bench serve --save-result\` saved it: [result](${file}).
`;

/**
 * A link to a `.json` or `.jsonl` file inside the content folder makes the file's runs the page's runs (each
 * number at full precision, checked as a pasted run's are). A file that is not JSON (cut short, a stray comma),
 * that is larger than the limit for a saved result, that is not a regular file, or that a link leads out of the
 * content folder to gives no run: the numbers the page states from it cannot be checked (a file of which nothing
 * is a result, such as a settings file with comments, is `saved-result-unknown`'s instead). An error, as a result
 * block cut short is: the page says it shows its runs and does not. The message gives the file's line, column and
 * the JSON pointer of the first place it goes wrong.
 */
export const savedResultUnreadable = noteRule({
  id: 'saved-result-unreadable',
  severity: 'error',
  description: 'A saved result file the page links to cannot be read as one.',
  fix: 'Link the whole file as the tool saved it (JSON, or JSON Lines for a `.jsonl`), inside the content folder and under the size limit.',
  examples: {
    ok: page('saved/vllm-result.json'),
    notOk: page('saved/cut-short.json'),
    folder: 'docs',
  },
  say: (n) => ({
    message: `Unexpected saved result \`${n.file}\`: ${n.detail}${n.at ? ` at ${n.file}:${n.at.line}:${n.at.column}${n.at.pointer ? ` (${n.at.pointer})` : ''}` : ''}`,
    expected: 'a saved result file perflab can read (JSON, or JSON Lines)',
    actual: n.detail,
  }),
});
