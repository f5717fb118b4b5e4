/**
 * A saved result file's JSON, read with every value's place: its offset, 1-based line and column. Objects are held
 * member by member; an array of plain values (a per-request list of latencies or texts) is counted, not held, so a
 * file's cost is its length and its memory its structure. `NaN`, `Infinity` and `-Infinity`, which Python's `json`
 * writes and JSON does not allow, are read as those numbers. A file cut short keeps what was read before the cut.
 */
import { createScanner, visit } from 'jsonc-parser';

interface At {
  offset: number;
  /** 1-based line in the file. */
  line: number;
  /** 1-based column in the file. */
  column: number;
}

export type JsonValue = string | number | boolean | null;

export type JsonNode =
  | (At & { kind: 'object'; members: Map<string, JsonNode> })
  // `items` is null for an array of plain values (counted; its first kept) and for per-request records (counted).
  | (At & { kind: 'array'; items: JsonNode[] | null; count: number; first?: JsonNode & { kind: 'value' } })
  | (At & { kind: 'value'; value: JsonValue; text: string });

/** What is wrong with a file, at the first place it goes wrong. */
export interface JsonProblem extends At {
  detail: string;
}

export interface JsonRead {
  /** The top value, or null when nothing could be read. */
  root: JsonNode | null;
  problem: JsonProblem | null;
}

/** How deep objects and arrays may nest: deeper is refused before it is parsed (a result file is a few levels deep). */
export const MAX_JSON_DEPTH = 64;

// The scanner's token kinds (jsonc-parser's `SyntaxKind`, a const enum that isolated modules cannot read).
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const UNKNOWN = 16;
const EOF = 17;

const ERRORS: Record<number, string> = {
  1: 'a symbol JSON does not have',
  2: 'a number JSON cannot read',
  3: 'a property name expected',
  4: 'a value expected',
  5: 'a colon expected',
  6: 'a comma expected',
  7: 'a closing brace expected (the file may be cut short)',
  8: 'a closing bracket expected (the file may be cut short)',
  9: 'the end of the file expected',
  12: 'a string not closed (the file may be cut short)',
  13: 'a number not finished',
  14: 'an invalid unicode escape',
  15: 'an invalid escape',
  16: 'a character JSON does not allow',
};

/**
 * The non-finite numbers of a text and its deepest nesting, in one pass of the scanner: `NaN`, `Infinity` and
 * `-Infinity` are replaced by numbers of the same length (`0e0`, `1e999999`), so offsets do not move.
 */
function prepare(text: string): { text: string; nan: Set<number>; depth: number; deepAt: number } {
  const scanner = createScanner(text, false);
  const nan = new Set<number>();
  const edits: Array<[number, string]> = [];
  let depth = 0;
  let max = 0;
  let deepAt = -1;
  let minusAt = -1;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      depth++;
      if (depth > max) {
        max = depth;
        if (depth > MAX_JSON_DEPTH && deepAt < 0) deepAt = offset;
      }
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) depth--;
    if (kind !== UNKNOWN) {
      minusAt = -1;
      continue;
    }
    const value = scanner.getTokenValue();
    if (value === '-') minusAt = offset;
    else if (value === 'NaN') {
      edits.push([offset, '0e0']);
      nan.add(offset);
    } else if (value === 'Infinity') {
      if (minusAt === offset - 1) edits.push([minusAt, '-1e999999']);
      else edits.push([offset, '1e999999']);
      minusAt = -1;
    } else minusAt = -1;
  }
  if (edits.length === 0) return { text, nan, depth: max, deepAt };
  const parts: string[] = [];
  let from = 0;
  for (const [at, replacement] of edits) {
    parts.push(text.slice(from, at), replacement);
    from = at + replacement.length;
  }
  parts.push(text.slice(from));
  return { text: parts.join(''), nan, depth: max, deepAt };
}

/** Line and column (1-based) of an offset, for the places the visitor does not give. */
function placeOf(text: string, offset: number): At {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { offset, line, column: offset - start + 1 };
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Read one JSON text. `base` is added to every line and `offsetBase` to every offset (a line of a JSON Lines file is
 * read on its own); the objects and arrays of members named in `counted` (per-request records) are counted, not
 * held. Never throws: a text that is not JSON gives its first problem and what was read before it.
 */
export function readJson(source: string, base = 0, counted: ReadonlySet<string> = NONE, offsetBase = 0): JsonRead {
  const { text, nan, deepAt } = prepare(source);
  if (deepAt >= 0) {
    const at = placeOf(source, deepAt);
    return {
      root: null,
      problem: { ...at, line: at.line + base, detail: `objects and arrays nested deeper than ${MAX_JSON_DEPTH} levels` },
    };
  }
  let root: JsonNode | null = null;
  let problem: JsonProblem | null = null;
  // The open containers, innermost last, with the member name each next value goes to.
  const stack: Array<{ node: JsonNode & { kind: 'object' | 'array' }; key: string | null }> = [];
  const place = (offset: number, line: number, character: number): At => ({
    offset: offset + offsetBase,
    line: line + 1 + base,
    column: character + 1,
  });
  // Inside a counted member: its node (items never held), and how deep the reader is in it.
  let skipped: (JsonNode & { kind: 'object' | 'array' }) | null = null;
  let skipDepth = 0;
  const skipping = (): boolean => {
    if (skipped === null) return false;
    if (skipDepth === 1 && skipped.kind === 'array') skipped.count++;
    return true;
  };
  // Whether a container begins under a counted member name (its node is then held empty, its content counted).
  const counting = (): boolean => {
    const top = stack[stack.length - 1];
    return top?.node.kind === 'object' && top.key !== null && counted.has(top.key);
  };
  const put = (node: JsonNode): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root ??= node;
      return;
    }
    if (top.node.kind === 'object') {
      if (top.key !== null) top.node.members.set(top.key, node);
      top.key = null;
    } else {
      top.node.count++;
      if (node.kind !== 'value' && top.node.items === null) top.node.items = [];
      top.node.items?.push(node);
    }
  };
  visit(
    text,
    {
      onObjectBegin(offset, _length, line, character) {
        if (skipping()) {
          skipDepth++;
          return;
        }
        const node: JsonNode = { kind: 'object', members: new Map(), ...place(offset, line, character) };
        const count = counting();
        put(node);
        if (count) [skipped, skipDepth] = [node, 1];
        else stack.push({ node, key: null });
      },
      onObjectProperty(property) {
        if (skipped) return;
        const top = stack[stack.length - 1];
        if (top) top.key = property;
      },
      onObjectEnd() {
        if (skipped) {
          if (--skipDepth === 0) skipped = null;
          return;
        }
        stack.pop();
      },
      onArrayBegin(offset, _length, line, character) {
        if (skipping()) {
          skipDepth++;
          return;
        }
        const node: JsonNode = { kind: 'array', items: null, count: 0, ...place(offset, line, character) };
        const count = counting();
        put(node);
        if (count) [skipped, skipDepth] = [node, 1];
        else stack.push({ node, key: null });
      },
      onArrayEnd() {
        if (skipped) {
          if (--skipDepth === 0) skipped = null;
          return;
        }
        stack.pop();
      },
      onLiteralValue(value: JsonValue, offset, length, line, character) {
        if (skipping()) return;
        const top = stack[stack.length - 1];
        const v = nan.has(offset) ? Number.NaN : value;
        const node = { kind: 'value' as const, value: v, text: source.slice(offset, offset + length), ...place(offset, line, character) };
        // A plain value in an array is counted, not held (per-request lists); the first is kept (a list of names).
        if (top?.node.kind === 'array' && top.node.items === null) {
          if (top.node.count === 0) top.node.first = node;
          top.node.count++;
          return;
        }
        put(node);
      },
      onError(error, offset, _length, line, character) {
        problem ??= { ...place(offset, line, character), detail: ERRORS[error] ?? 'not JSON' };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return { root, problem };
}

/** One object per line (JSON Lines): each line read on its own, with its 1-based line; blank lines skipped. */
export function readJsonLines(source: string, counted: ReadonlySet<string> = NONE): Array<JsonRead & { line: number }> {
  const out: Array<JsonRead & { line: number }> = [];
  let line = 0;
  let offset = 0;
  for (const text of source.split('\n')) {
    line++;
    if (text.trim() !== '') out.push({ ...readJson(text, line - 1, counted, offset), line });
    offset += text.length + 1;
  }
  return out;
}

/** A member of an object node, or null. */
export function member(node: JsonNode | null | undefined, key: string): JsonNode | null {
  return node?.kind === 'object' ? (node.members.get(key) ?? null) : null;
}

/** A JSON pointer (RFC 6901) of a path of member names and array indices: `/benchmarks/0/metrics`. */
export function pointer(path: ReadonlyArray<string | number>): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The node at a path of member names and array indices from a node (a plain array's first value too), or null. */
export function nodeAt(start: JsonNode | null, path: ReadonlyArray<string | number>): JsonNode | null {
  return path.reduce<JsonNode | null>((n, k) => {
    if (typeof k !== 'number') return member(n, k);
    if (n?.kind !== 'array') return null;
    return n.items ? (n.items[k] ?? null) : k === 0 ? (n.first ?? null) : null;
  }, start);
}
