/**
 * `shell-line-continuation` (error): A shell command in a fence is broken by a missing `\` line continuation.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#shell-line-continuation shows them.
 */
import { emit } from '../diagnostics.js';
import { codeBlocks, isResultBlock, isShellBlock } from '../model/tree.js';
import { conclusionCommand, reportPage } from './shared/examples.js';
import type { Rule } from './types.js';

/** The Conclusion's command over two lines, the first ending in `end`. */
const page = (end: string) =>
  reportPage({ conclusion: [conclusionCommand(`vllm serve Demo/Demo-8B${end}\n    --max-num-batched-tokens 16384`)] });

const FLAG_LINE = /^\s*--?[A-Za-z][\w-]*(?:[= ]|$)/;

/**
 * A shell command broken by a missing `\`: a line that starts with a flag (`--max-num-seqs 128`) right after a
 * command line that does not end with `\`, so the shell runs the command without the flag and then fails on
 * the flag line. Checked in bash/sh/shell fences and fences without an info string, wherever they sit (serving
 * scripts, the Conclusion's command, benchmark scripts). Flag lists that are not commands (the new pages'
 * "Backend Parameters", one flag per line) and benchmark output are not scripts and are skipped.
 */
export const shellLineContinuation: Rule = {
  id: 'shell-line-continuation',
  severity: 'error',
  description: 'A shell command in a fence is broken by a missing `\\` line continuation.',
  fix: 'End every continued line of the command with ` \\`.',
  examples: { ok: page(' \\'), notOk: page('') },
  check({ report, file, tree }) {
    for (const block of codeBlocks(tree)) {
      if (!isShellBlock(block) || isResultBlock(block)) continue;
      if (block.listItem !== null && /parameters/i.test(block.listItem)) continue;
      const code = block.body.filter((l) => l.text.trim() !== '' && !l.text.trim().startsWith('#'));
      // A plain flag list (every line a flag) is parameters, not a script.
      if (code.length === 0 || code.every((l) => FLAG_LINE.test(l.text))) continue;
      let previous: { text: string; line: number } | null = null;
      for (const l of block.body) {
        const t = l.text.trim();
        if (t === '') continue;
        if (t.startsWith('#')) {
          previous = null;
          continue;
        }
        if (previous && FLAG_LINE.test(l.text) && !/\\\s*$/.test(previous.text)) {
          const column = l.column + l.text.length - l.text.trimStart().length;
          emit(
            file,
            'shell-line-continuation',
            'error',
            { line: l.line, column },
            `Unexpected flag line \`${t}\` after a line without \`\\\`; the shell runs line ${previous.line} without it`,
            {
              expected: `\`${previous.text.trim()} \\\``,
              actual: `\`${previous.text.trim()}\``,
              cause: { file: report.path, line: previous.line, note: 'command line missing its continuation' },
            },
          );
        }
        previous = l;
      }
    }
  },
};
