/**
 * Read the YAML frontmatter node; bad YAML is a note (judged by `frontmatter-invalid`), never a throw.
 */
import type { Root, Yaml } from 'mdast';
import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import type { Note } from '../schemas/note.js';
import { frontmatterFields, frontmatterIssue } from '../schemas/frontmatter.js';

export function readFrontmatter(tree: Root, notes: Note[]): Record<string, unknown> {
  const node = tree.children[0];
  if (!node || node.type !== 'yaml') return {};
  return parseYaml(node, notes);
}

function parseYaml(node: Yaml, notes: Note[]): Record<string, unknown> {
  // The value starts on the line after the opening `---`.
  const line = (node.position?.start.line ?? 1) + 1;
  try {
    const doc = parseDocument(node.value, { prettyErrors: true, logLevel: 'silent' });
    const error = doc.errors[0];
    if (error) {
      const at = error.linePos?.[0] ?? { line: 1, col: 1 };
      notes.push({
        ruleId: 'frontmatter-invalid',
        line: line + at.line - 1,
        column: at.col,
        problem: { kind: 'yaml', detail: firstLine(error.message), code: error.code },
      });
      return {};
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return {};
    if (typeof value === 'object' && !Array.isArray(value))
      return validFields(value as Record<string, unknown>, doc, node.value, line, notes);
    notes.push({
      ruleId: 'frontmatter-invalid',
      line,
      column: 1,
      problem: { kind: 'not-mapping', actual: Array.isArray(value) ? 'a sequence' : `a ${typeof value}` },
    });
  } catch (cause) {
    notes.push({ ruleId: 'frontmatter-invalid', line, column: 1, problem: { kind: 'yaml', detail: firstLine(String(cause)), code: null } });
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
  notes: Note[],
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
    notes.push({ ruleId: 'frontmatter-invalid', ...place, problem: { kind: 'field', field, expected, raw: raw || String(data[field]) } });
  }
  return out;
}

export function firstLine(text: string): string {
  return text.split('\n', 1)[0];
}
