/**
 * Read the YAML frontmatter node; bad YAML is a message, never a throw.
 */
import type { Root, Yaml } from 'mdast';
import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import { draft, type Draft } from '../diagnostics.js';
import { frontmatterFields, frontmatterIssue } from '../schemas/frontmatter.js';

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
        draft(
          'frontmatter-invalid',
          'error',
          { line: line + at.line - 1, column: at.col },
          `Invalid YAML frontmatter: ${firstLine(error.message)}`,
          {
            expected: 'valid YAML',
            actual: error.code,
          },
        ),
      );
      return {};
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return {};
    if (typeof value === 'object' && !Array.isArray(value))
      return validFields(value as Record<string, unknown>, doc, node.value, line, messages);
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

/**
 * Check the fields perflab reads against the shared schema; an invalid one is reported at its value and left
 * out, so the page builds everywhere with what the page itself says.
 */
function validFields(
  data: Record<string, unknown>,
  doc: Document,
  yaml: string,
  firstLineNo: number,
  messages: Draft[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const field of Object.keys(frontmatterFields) as Array<keyof typeof frontmatterFields>) {
    if (!Object.hasOwn(data, field)) continue;
    const expected = frontmatterIssue(field, data[field]);
    if (expected === null) continue;
    delete out[field];
    const pair = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === field) : undefined;
    const node = (pair?.value ?? pair?.key) as { range?: [number, number, number]; source?: unknown } | undefined;
    const offset = node?.range?.[0] ?? 0;
    const before = yaml.slice(0, offset);
    const place = { line: firstLineNo + (before.match(/\n/g)?.length ?? 0), column: offset - (before.lastIndexOf('\n') + 1) + 1 };
    const raw = node?.range ? yaml.slice(node.range[0], node.range[1]).trim() : JSON.stringify(data[field]);
    messages.push(
      draft(
        'frontmatter-invalid',
        'error',
        place,
        `Front matter \`${field}\` must be ${expected}; got \`${firstLine(raw || String(data[field]))}\` (ignored)`,
        {
          expected,
          actual: raw || String(data[field]),
        },
      ),
    );
  }
  return out;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0];
}
