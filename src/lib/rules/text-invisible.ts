/**
 * `text-invisible` (warning): The page holds a character that changes what a reader sees without showing itself: a bidi control (which reorders the text around it) or a zero-width character.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#text-invisible shows them.
 */
import { INVISIBLE, INVISIBLE_ALL } from '../model/invisible.js';
import { pageNodes } from '../model/tree.js';
import { emit } from '../diagnostics.js';
import type { Rule } from './types.js';

const page = (command: string) => `# Serving

Start the server with:

\`\`\`bash
${command}
\`\`\`
`;

const DIGIT = /\p{Nd}/u;

/**
 * A bidi control (U+202E RIGHT-TO-LEFT OVERRIDE and the others: text after it is shown in another order than it is
 * read, the "Trojan Source" trick; in a command with a Copy button, what runs is not what the reader saw) or a
 * zero-width character (U+200B, U+200C, U+2060, U+FEFF past the start, U+00AD), anywhere on the page, code included.
 * One warning per line, at the first such character, naming each one found on it by code point. A character between
 * two digits is part of a stated number, which the number rules judge (`claim-unreadable`). U+200D (the joiner of
 * emoji sequences) is not reported.
 */
export const textInvisible: Rule = {
  id: 'text-invisible',
  severity: 'warning',
  description:
    'The page holds a character that changes what a reader sees without showing itself: a bidi control (which reorders the text around it) or a zero-width character.',
  fix: 'Delete the character (an editor that shows invisible characters finds it on the line given).',
  examples: { ok: page('vllm serve Demo/Demo-8B --port 8000'), notOk: page('vllm serve Demo/Demo-8B --port 8000 \u202e# 0008 trop--') },
  check({ file, tree }) {
    const byLine = new Map<number, { column: number; names: Set<string> }>();
    for (const node of pageNodes(tree).invisible) {
      if (!node.position) continue;
      const text = node.value;
      // A fence's value starts on the line after its opening; any other node's at its start.
      const fence = node.type === 'code';
      const { line: first, column: startColumn, offset } = node.position.start;
      for (const m of text.matchAll(INVISIBLE_ALL)) {
        const at = m.index;
        const code = m[0].codePointAt(0) ?? 0;
        if (code === 0xfeff && offset === 0 && at === 0) continue;
        if (DIGIT.test(text[at - 1] ?? '') && DIGIT.test(text[at + 1] ?? '')) continue;
        const before = text.slice(0, at);
        const breaks = before.split('\n').length - 1;
        const line = first + breaks + (fence ? 1 : 0);
        const column = breaks === 0 && !fence ? startColumn + at : at - before.lastIndexOf('\n') + (fence ? startColumn - 1 : 0);
        const seen = byLine.get(line) ?? { column, names: new Set<string>() };
        seen.names.add(`U+${code.toString(16).toUpperCase().padStart(4, '0')} ${INVISIBLE[code]}`);
        byLine.set(line, seen);
      }
    }
    for (const [line, { column, names }] of byLine) {
      emit(
        file,
        'text-invisible',
        'warning',
        { line, column },
        `Unexpected invisible character${names.size > 1 ? 's' : ''} ${[...names].join(', ')}: the line does not read as it is shown`,
        { expected: 'only visible characters', actual: [...names].join(', ') },
      );
    }
  },
};
