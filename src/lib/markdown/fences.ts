/**
 * Find the fenced code blocks whose extent is certain, line by line, before micromark sees the page.
 *
 * A small model of the block structure (CommonMark containers as this dialect nests them: list items and
 * admonitions; leaves: paragraphs, fences, indented code, HTML blocks, front matter) walks the lines. A fence is
 * "certain" when it opens inside containers the model knows, every body line continues all of them, and a closing
 * fence inside the same containers ends it. Its body (the lines between the fences) can then be left out of what
 * micromark reads: `fast.ts` checks in the tree micromark returns that each such fence came out where the model
 * said (its containers, its first and last line), puts the bodies back and shifts the positions.
 *
 * Whatever the model does not know (block quotes, tabs in the indentation inside containers, lazy continuation
 * lines, HTML blocks inside containers, a list item starting blank) poisons it: no fence is taken until a point
 * where every container is certainly closed (a line at column 1 after a blank line that is not a block quote).
 * Fences that do not close, or whose body needs tab arithmetic, are followed but not taken.
 */

/** A container the model knows, as micromark nests it. */
export interface FenceContainer {
  kind: 'admonition' | 'listItem';
  /** 1-based line and column where the container starts (its marker). */
  line: number;
  column: number;
  /** Columns a continuation line gives up to this container (4 for an admonition, the item's width for a list item). */
  size: number;
}

/** A fenced code block whose body can be left out of the text micromark reads. */
export interface CertainFence {
  /** 0-based index of the opening and the closing fence line. */
  open: number;
  close: number;
  /** 1-based column of the first fence character on the opening line. */
  column: number;
  /** The containers around it, outermost first. */
  containers: FenceContainer[];
  /** The code node's value, as micromark would read it from the body lines. */
  value: string;
}

interface Container extends FenceContainer {
  /** Absolute column (0-based) where the container's content starts. */
  content: number;
}

interface OpenFence {
  marker: string;
  size: number;
  /** Indent of the opening fence inside its container (micromark strips up to this much from body lines). */
  prefix: number;
  open: number;
  column: number;
  containers: Container[];
  lines: string[];
  /** False once a body line needs something the model does not reproduce exactly. */
  certain: boolean;
}

type Leaf =
  | { type: 'none' }
  | { type: 'paragraph'; table?: boolean }
  | { type: 'indented' }
  | { type: 'fence'; fence: OpenFence }
  | { type: 'html'; end: RegExp | null };

/** Typed as any leaf, so assigning it does not narrow `leaf` for the checks that follow. */
const NONE: Leaf = { type: 'none' };

const ADMONITION = /^(?:!!!|\?\?\?\+?)[ \t]*[\w-]+(?:[ \t]+[\w-]+)*(?:[ \t]+".*")?[ \t]*$/;
// The lookahead takes the whole run of markers and the back-reference consumes it, so the run is never split again.
const FENCE = /^(?=(`{3,}|~{3,}))\1(.*)$/;
const THEMATIC = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const SETEXT = /^(?:=+|-+)[ \t]*$/;
const ATX = /^#{1,6}(?:[ \t]|$)/;
// The blanks after a marker are all taken before the content (which starts at a non-blank), so a line that does not
// match (a line separator inside it) is not split again at each blank.
const BULLET = /^([-*+])( *)(?! )(.*)$/;
const ORDERED = /^(\d{1,9})([.)])( *)(?! )(.*)$/;
const HTML_RAW = /^<(?:script|pre|style|textarea)(?:[ \t>]|$)/i;
const HTML_RAW_END = /<\/(?:script|pre|style|textarea)>/i;
const BLANK = /^[ \t]*$/;
/** Only pipes, colons, dashes and blanks, with a dash somewhere (one pass each, never split two ways). */
const DELIMITER = /^(?=[^-]*-)[|:\- \t]*$/;

/** Leading columns of whitespace (tabs to the next multiple of 4) and whether a tab was among them. */
function indentOf(line: string): { columns: number; chars: number; tab: boolean } {
  let columns = 0;
  let chars = 0;
  let tab = false;
  for (; chars < line.length; chars++) {
    const c = line.charCodeAt(chars);
    if (c === 32) columns++;
    else if (c === 9) {
      columns += 4 - (columns % 4);
      tab = true;
    } else break;
  }
  return { columns, chars, tab };
}

/** The end condition of an HTML block starting with `rest` (types 1 to 5), `null` for one that ends at a blank line. */
function htmlEnd(rest: string): RegExp | null | undefined {
  if (!rest.startsWith('<')) return undefined;
  if (HTML_RAW.test(rest)) return HTML_RAW_END;
  if (rest.startsWith('<!--')) return /-->/;
  if (rest.startsWith('<?')) return /\?>/;
  if (rest.startsWith('<![CDATA[')) return /\]\]>/;
  if (/^<![A-Za-z]/.test(rest)) return />/;
  return null;
}

/**
 * The certain fences of a page (LF line endings), in document order. Never throws; a page the model cannot follow
 * from its first line (front matter that does not close) gives none.
 */
export function findCertainFences(text: string): CertainFence[] {
  // micromark skips a leading byte order mark (the pipeline strips it before): such a text is left whole.
  if (text.charCodeAt(0) === 0xfeff) return [];
  const lines = text.split('\n');
  const found: CertainFence[] = [];
  let stack: Container[] = [];
  let leaf: Leaf = NONE;
  let poisoned = false;
  // Nothing more is taken on this page: a block that spans blank lines may have opened where the model was lost.
  let dead = false;
  // In the unknown stretch: a line since the last blank line started like an HTML block.
  let htmlSince = false;
  let previousBlank = true;
  let start = 0;
  let index = 0;

  // Front matter: `---` on the first line up to the next `---` line; never taken.
  if (/^---[ \t]*$/.test(lines[0] ?? '')) {
    let close = 1;
    while (close < lines.length && !/^---[ \t]*$/.test(lines[close])) close++;
    if (close >= lines.length) return [];
    start = close + 1;
  }

  const poison = (): void => {
    // The line itself may open a fence or an HTML block at the top level.
    const rest = lines[index].slice(/^ {0,3}/.exec(lines[index])![0].length);
    if (isOpener(rest) || (rest[0] === '<' && Boolean(htmlEnd(rest)))) dead = true;
    htmlSince = rest[0] === '<';
    poisoned = true;
    leaf = NONE;
  };

  for (index = start; index < lines.length; index++) {
    const line = lines[index];
    const blank = BLANK.test(line);
    if (dead) return found;
    if (poisoned) {
      // Every container closes on a non-blank line at column 1 after a blank line (no lazy continuation) that is
      // not a block quote's. Only a block that spans blank lines at the top level could still be open there: a
      // fence or an HTML block of types 1 to 5 that may have opened in the unknown stretch. When a line looked
      // like the start of one, the rest of the page is left alone.
      // A heading or a thematic break at column 1 interrupts a paragraph too, unless an HTML block (types 6 and 7
      // end only at a blank line) may be open. An ordered item not at 1 or an empty item is no such point: indented
      // code may still be open across the blank lines, and then the line is a paragraph, not an item.
      if (
        !uncertainItem(line) &&
        !blank &&
        !/^[ \t>]/.test(line) &&
        (previousBlank || (!htmlSince && (ATX.test(line) || THEMATIC.test(line))))
      ) {
        poisoned = false;
        stack = [];
        leaf = NONE;
      } else {
        if (!blank) {
          const rest = line.slice(/^ {0,3}/.exec(line)![0].length);
          if (isOpener(rest) || (rest[0] === '<' && Boolean(htmlEnd(rest)))) dead = true;
          if (rest[0] === '<') htmlSince = true;
        } else htmlSince = false;
        previousBlank = blank;
        continue;
      }
    }
    previousBlank = blank;

    // A top-level HTML block: its own end condition, or a blank line.
    if (leaf.type === 'html') {
      if (leaf.end === null ? blank : leaf.end.test(line)) leaf = NONE;
      // After the end line of types 1-5 the next line starts fresh; types 6-7 end on the blank line itself.
      continue;
    }

    const indent = indentOf(line);

    if (blank) {
      if (leaf.type === 'fence') {
        const fence = leaf.fence;
        if (indent.tab) fence.certain = false;
        else fence.lines.push(blankValue(line, fence));
      } else if (leaf.type !== 'indented') leaf = NONE;
      continue;
    }

    if (indent.tab && (stack.length > 0 || (leaf.type === 'fence' && leaf.fence.prefix > 0))) {
      if (stack.length > 0) {
        poison();
        continue;
      }
      if (leaf.type === 'fence') leaf.fence.certain = false;
    }

    // Containers continued: each needs its content column (all have content columns in increasing order).
    let matched = 0;
    while (matched < stack.length && indent.columns >= stack[matched].content) matched++;

    if (leaf.type === 'fence') {
      const fence = leaf.fence;
      if (matched === stack.length) {
        const base = stack.length ? stack[stack.length - 1].content : 0;
        if (isCloser(line, base, indent, fence)) {
          if (fence.certain) {
            found.push({
              open: fence.open,
              close: index,
              column: fence.column,
              containers: fence.containers.map(({ kind, line: l, column, size }) => ({ kind, line: l, column, size })),
              // micromark reads NUL as U+FFFD.
              value: fence.lines.join('\n').replace(/\0/g, '\uFFFD'),
            });
          }
          leaf = NONE;
        } else if (indent.tab && fence.prefix > 0) {
          fence.certain = false;
        } else {
          fence.lines.push(stripPrefix(line.slice(base), fence.prefix));
        }
        continue;
      }
      // A line that leaves a container ends the fence (fences take no lazy lines): not certain, not taken.
      leaf = NONE;
    }

    if (matched < stack.length) {
      if (leaf.type === 'paragraph') {
        // Lazy continuation unless the line interrupts: after an admonition it always does (no lazy lines there).
        const base = matched ? stack[matched - 1].content : 0;
        if (stack[matched].kind !== 'admonition' && !interrupts(line, base, indent)) {
          // A lazy continuation line: the paragraph goes on and every container stays open. Tables take none,
          // and a line starting with anything that could start a block is left alone.
          if (leaf.table || !lazyText(line, base, indent)) poison();
          continue;
        }
      }
      stack = stack.slice(0, matched);
      leaf = NONE;
    }

    // micromark lets an ordered item not at 1, or an empty item, start only where no flow construct is open.
    let interrupting = leaf.type === 'paragraph';
    if (leaf.type === 'indented') {
      const base = stack.length ? stack[stack.length - 1].content : 0;
      if (indent.columns - base >= 4) continue;
      leaf = NONE;
      interrupting = true;
    }

    if (!startBlocks(line, index, indent, interrupting)) poison();
  }
  return found;

  /** Read a non-blank line as new blocks in the innermost container; false when the model cannot follow. */
  function startBlocks(
    line: string,
    index: number,
    indent: { columns: number; chars: number; tab: boolean },
    interrupting: boolean,
  ): boolean {
    let base = stack.length ? stack[stack.length - 1].content : 0;
    // Position (in characters, no tabs before it when inside containers) where this container's content starts.
    let at = stack.length ? base : 0;
    for (;;) {
      let relative: number;
      if (stack.length === 0 && at === 0) relative = indent.columns;
      else {
        let spaces = 0;
        while (line.charCodeAt(at + spaces) === 32) spaces++;
        if (line.charCodeAt(at + spaces) === 9) return false;
        relative = spaces;
      }
      const rest = line.slice(at + (stack.length === 0 && at === 0 ? indent.chars : relative));
      if (relative >= 4) {
        if (leaf.type !== 'paragraph') leaf = { type: 'indented' };
        return true;
      }
      if (rest === '' || BLANK.test(rest)) {
        // Only a list item marker can leave the rest of a line blank here: an item starting blank.
        return false;
      }
      if (indent.tab && stack.length === 0 && at === 0 && relative < 4) return false;
      const column = at + relative + 1;
      const c = rest[0];
      if (c === '>') return false;
      if (c === '!' || c === '?') {
        if (ADMONITION.test(rest)) {
          stack.push({ kind: 'admonition', line: index + 1, column, size: 4, content: base + 4 });
          leaf = NONE;
          return true;
        }
      }
      if (c === '`' || c === '~') {
        if (isOpener(rest)) {
          leaf = {
            type: 'fence',
            fence: {
              marker: c,
              size: /^(`+|~+)/.exec(rest)![1].length,
              prefix: relative,
              open: index,
              column,
              containers: stack.slice(),
              lines: [],
              certain: !indent.tab,
            },
          };
          return true;
        }
      }
      if (c === '<') {
        // Inside containers, or of types 6 and 7 (which may be a paragraph a fence can interrupt): left alone.
        if (stack.length > 0) return false;
        const end = htmlEnd(rest);
        if (!end) return false;
        if (end !== null && end.test(rest)) leaf = NONE;
        else leaf = { type: 'html', end };
        return true;
      }
      if (ATX.test(rest) || THEMATIC.test(rest) || (leaf.type === 'paragraph' && SETEXT.test(rest))) {
        leaf = NONE;
        return true;
      }
      const bullet = BULLET.exec(rest);
      const ordered = bullet ? null : ORDERED.exec(rest);
      const item = bullet
        ? { marker: 1, spaces: bullet[2].length, content: bullet[3] }
        : ordered
          ? { marker: ordered[1].length + 1, spaces: ordered[3].length, content: ordered[4] }
          : null;
      if (item && (item.spaces > 0 || item.content === '')) {
        const blankStart = BLANK.test(item.content);
        // An item interrupts only when it has content and, ordered, starts at 1; else the line is a paragraph's.
        if (interrupting && (blankStart || (ordered && Number(ordered[1]) !== 1))) {
          if (leaf.type !== 'paragraph' && leaf.type !== 'none') return false;
          if ((leaf as { table?: boolean }).table) return false;
          leaf = { type: 'paragraph' };
          return true;
        }
        if (blankStart || item.spaces > 4 || item.content.startsWith('\t')) return false;
        const size = relative + item.marker + item.spaces;
        stack.push({ kind: 'listItem', line: index + 1, column, size, content: base + size });
        leaf = NONE;
        base += size;
        at += relative + item.marker + item.spaces;
        interrupting = false;
        continue;
      }
      if (item) return false;
      // A delimiter-like row under a paragraph line may make a table, which reads later lines differently.
      const table = leaf.type === 'paragraph' && (leaf.table === true || DELIMITER.test(rest));
      leaf = { type: 'paragraph', table };
      return true;
    }
  }
}

/** A closing fence: after the containers, up to 3 spaces, at least as many markers as the opening, then blanks. */
function isCloser(line: string, base: number, indent: { tab: boolean }, fence: OpenFence): boolean {
  if (indent.tab) return false;
  let at = base;
  let spaces = 0;
  while (line.charCodeAt(at) === 32 && spaces < 4) {
    at++;
    spaces++;
  }
  if (spaces > 3) return false;
  let size = 0;
  while (line[at] === fence.marker) {
    at++;
    size++;
  }
  return size >= fence.size && BLANK.test(line.slice(at));
}

/** Remove up to `prefix` leading spaces (the opening fence's indent). */
function stripPrefix(rest: string, prefix: number): string {
  let n = 0;
  while (n < prefix && rest.charCodeAt(n) === 32) n++;
  return rest.slice(n);
}

/**
 * A whitespace-only body line: an admonition takes none of it, a list item up to its width, then the fence up to
 * its indent; the rest is part of the value.
 */
function blankValue(line: string, fence: OpenFence): string {
  let at = 0;
  for (const container of fence.containers) {
    if (container.kind !== 'listItem') continue;
    let n = 0;
    while (n < container.size && line.charCodeAt(at) === 32) {
      n++;
      at++;
    }
  }
  return stripPrefix(line.slice(at), fence.prefix);
}

/** Would this line (not continuing the innermost containers) interrupt a paragraph rather than continue it lazily? */
function interrupts(line: string, base: number, indent: { columns: number; chars: number }): boolean {
  const relative = indent.columns - base;
  if (relative < 0 || relative >= 4) return false;
  const rest = line.slice(indent.chars);
  if (isOpener(rest) || ATX.test(rest) || THEMATIC.test(rest) || ADMONITION.test(rest)) return true;
  // A list item of any kind: the list's own continuation starts it as a sibling, or a new list starts.
  return /^(?:[-*+]|\d{1,9}[.)])(?: |$)/.test(rest);
}

/** A list item that may or may not start depending on the open flow construct: ordered not at 1, or empty. */
function uncertainItem(line: string): boolean {
  const ordered = ORDERED.exec(line);
  if (ordered) return Number(ordered[1]) !== 1 || BLANK.test(ordered[4]);
  const bullet = BULLET.exec(line);
  return bullet !== null && BLANK.test(bullet[3]);
}

/** A lazy line that certainly only continues a paragraph: it starts with a letter or a digit that is no list marker. */
function lazyText(line: string, base: number, indent: { columns: number; chars: number }): boolean {
  if (indent.columns - base >= 4) return true;
  const rest = line.slice(indent.chars);
  return /^[A-Za-z\u00c0-\uffff]/.test(rest) || (/^[0-9]/.test(rest) && !ORDERED.test(rest));
}

/** An opening code fence (backticks without a backtick in the info string, or tildes). */
function isOpener(rest: string): boolean {
  const m = FENCE.exec(rest);
  return m !== null && (rest[0] === '~' || !m[2].includes('`'));
}
