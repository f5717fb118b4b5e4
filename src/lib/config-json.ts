/**
 * Where things are in a config's JSON text: the line and column of a syntax error, of a key repeated in one object
 * (JSON.parse silently keeps the last), and of the value or key at a path (for schema problems). Linear time.
 */
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

export interface Place {
  line: number;
  column: number;
}

/** 1-based line and column of a UTF-16 offset (a column counts code units, as editors do). */
export function placeOf(text: string, offset: number): Place {
  let line = 1;
  let start = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: end - start + 1 };
}

/** A JSON syntax error, from JSON.parse's message (which gives an offset, on every Node version perflab runs on). */
export function syntaxError(text: string, error: Error): Place & { text: string } {
  if (text.trim() === '') return { line: 1, column: 1, text: 'the file is empty; an empty config is `{}`' };
  const at = /at position (\d+)/.exec(error.message);
  const place = placeOf(text, at ? Number(at[1]) : text.length);
  // Node's own wording without its offset, which the line and column replace: "Unexpected token } in JSON".
  const what = error.message
    .replace(/ (?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?/, '')
    .replace(/^Unexpected end of JSON input$/, 'the text ends before the JSON does')
    // Newer engines quote the text around the error (`Unexpected token ';', ..."],\n"rules";" is not valid JSON`):
    // the line and column say where, and the quote may hold line breaks.
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .trim();
  const quote = what.search(/, (?:\.\.\.)?"/);
  const said = quote >= 0 ? what.slice(0, quote) : what;
  return { ...place, text: `not valid JSON: ${said || 'cannot be read'}` };
}

/** The parsed document, for the places below (JSON is YAML 1.2: every key and value keeps its offsets). */
export function documentOf(text: string) {
  return parseDocument(text, { uniqueKeys: true, keepSourceTokens: false });
}

/**
 * A key as a message shows it: its JSON string body, with U+2028 and U+2029 escaped too, so a key holding a line
 * break or a control character stays on its message's line.
 */
export function keyText(key: string): string {
  return JSON.stringify(key)
    .slice(1, -1)
    .replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** A path as a reader writes it: `rules.image-missing`, `overrides[0].files`. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? keyText(p) : `.${keyText(p)}`)).join('');
}

/** Each key repeated within one object, at the repeat (the first occurrence is named). */
export function duplicateKeys(text: string): (Place & { text: string })[] {
  const out: (Place & { text: string })[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isMap(node)) {
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : null;
        const at = (pair.key as Node | null)?.range?.[0];
        if (key !== null && at !== undefined) {
          const first = seen.get(key);
          if (first !== undefined) {
            const field = fieldName([...path, key]);
            out.push({ ...placeOf(text, at), text: `"${field}" is given twice (first at line ${placeOf(text, first).line}); keep one` });
          } else seen.set(key, at);
        }
        walk(pair.value, key === null ? path : [...path, key]);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
  };
  walk(documentOf(text).contents, []);
  return out;
}

/** The place of the value at `path` (or of its key, for a key that should not be there); the nearest parent found. */
export function placeAt(text: string, doc: ReturnType<typeof documentOf>, path: readonly (string | number)[], key = false): Place {
  let node: unknown = doc.contents;
  let at = (node as Node | null)?.range?.[0] ?? 0;
  for (const [i, segment] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      const last = i === path.length - 1;
      at = (last && key ? (pair.key as Node | null)?.range?.[0] : (pair.value as Node | null)?.range?.[0]) ?? at;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item?.range) break;
      at = item.range[0];
      node = item;
    } else break;
  }
  return placeOf(text, at);
}
