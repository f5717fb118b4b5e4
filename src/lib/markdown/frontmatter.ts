/**
 * Read the YAML frontmatter node; bad YAML is a message, never a throw.
 */
import type { Root, Yaml } from 'mdast';
import { parseDocument } from 'yaml';
import { draft, type Draft } from '../diagnostics.js';

export function readFrontmatter(tree: Root, messages: Draft[]): Record<string, unknown> {
  const node = tree.children[0];
  if (!node || node.type !== 'yaml') return {};
  return parseYaml(node, messages);
}

function parseYaml(node: Yaml, messages: Draft[]): Record<string, unknown> {
  // The value starts on the line after the opening `---`.
  const line = (node.position?.start.line ?? 1) + 1;
  try {
    const doc = parseDocument(node.value, { prettyErrors: true });
    const error = doc.errors[0];
    if (error) {
      const at = error.linePos?.[0] ?? { line: 1, col: 1 };
      messages.push(
        draft('frontmatter-invalid', 'error', { line: line + at.line - 1, column: at.col }, `Invalid YAML frontmatter: ${firstLine(error.message)}`, {
          expected: 'valid YAML',
          actual: error.code,
        }),
      );
      return {};
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return {};
    if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    messages.push(
      draft('frontmatter-invalid', 'error', { line, column: 1 }, 'Frontmatter is not a YAML mapping', {
        expected: 'a mapping (`key: value` lines)',
        actual: Array.isArray(value) ? 'a sequence' : `a ${typeof value}`,
      }),
    );
  } catch (cause) {
    messages.push(
      draft('frontmatter-invalid', 'error', { line, column: 1 }, `Invalid YAML frontmatter: ${firstLine(String(cause))}`, {
        expected: 'valid YAML',
      }),
    );
  }
  return {};
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0];
}
