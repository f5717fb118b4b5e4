// Where a page is published, from its path: the one statement of the report routes. The site (entry ids, URLs),
// the loader and the checks all read them here, so that what `perflab check` says of routes cannot drift from
// what the build writes.

/**
 * A page's path (`qwen3-14b/h100.md`) to its entry id / slug (`qwen3-14b/h100`), in Unicode NFC: the form Astro
 * writes its files under, so that every URL made from the slug reaches them whichever form the file's name is in.
 */
export function slugOf(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '')
    .replace(/\.md$/i, '')
    .normalize('NFC');
}

/**
 * The path a slug's pages are written under, as Astro makes it from the route parameter (its route generator
 * normalises the value to Unicode NFC and writes `#` and `?` as `%23` and `%3F`; the file is then named by that
 * text). Two pages with one route are written to one file: one of them is lost.
 */
export function routeOf(slug: string): string {
  return slug.normalize('NFC').replace(/#/g, '%23').replace(/\?/g, '%3F');
}

/** The files the site writes for a page: its HTML page, its Markdown copy and its data. */
export function outputsOf(slug: string): string[] {
  const route = routeOf(slug);
  return [`reports/${route}/index.html`, `reports/${route}.md`, `data/${route}.json`];
}

/**
 * The files the site writes beside each report's own, in the folders reports write to (`src/pages/data/reports.json.ts`,
 * `src/pages/data/runs.csv.ts`; a test holds this list to those pages). A report's files must not meet them.
 */
export const SITE_FILES: readonly string[] = ['data/reports.json', 'data/runs.csv'];

/** Whether two output paths meet: the same file, or one where the other needs a folder. */
const meets = (a: string, b: string) => a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`);

/** The site's own files (`SITE_FILES`) that a page's files meet. */
export function siteFilesMet(path: string): string[] {
  const mine = outputsOf(slugOf(path)).map(foldCase);
  return SITE_FILES.filter((f) => mine.some((m) => meets(m, foldCase(f))));
}

/** The site URL of a route's page: the route's text percent-encoded, so that a server decodes it back to the file's name. */
export function routeUrl(slug: string): string {
  return encodeURI(routeOf(slug));
}

/** A control character (C0, DEL, C1), by code: no link carries one as it is. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/**
 * What is wrong with one segment of a page's path (a folder or file name): the characters that make its URL end early
 * or point elsewhere, as a message shows them. `#` ends the URL (the rest is a fragment), `?` starts a query, `%`
 * starts an escape the server decodes (`a%23b` is served as `a#b`), a browser reads `\` as `/`, and no link carries
 * a control character.
 */
export function segmentProblem(segment: string): string[] {
  const found = new Set<string>();
  for (const c of segment) if (c === '#' || c === '?' || c === '%' || c === '\\' || isControl(c.charCodeAt(0))) found.add(c);
  return [...found].map(showChar);
}

/** A character as a message shows it: printable ones in backticks, control characters by their code point. */
export function showChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return isControl(code) ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `\`${c}\``;
}

/** A name with its control characters shown by code point, safe to print on one line. */
export function showName(name: string): string {
  let out = '';
  for (const c of name) out += isControl(c.charCodeAt(0)) ? `<${showChar(c)}>` : c;
  return out;
}

/**
 * Names as a message shows them side by side (`showName`); where two would look alike (the same text in two Unicode
 * forms: `é` and `e` with a combining accent), every character outside ASCII is shown by its code point as well, so the
 * reader sees how they differ.
 */
export function showNames(names: readonly string[]): string[] {
  const shown = names.map(showName);
  if (new Set(shown.map((n) => n.normalize('NFC'))).size === shown.length) return shown;
  return shown.map((n) => n.replace(/[^ -~]/gu, (c) => `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`));
}

/** An output path as a case-insensitive file system compares it (one folder for `a` and `A`). */
const foldCase = (file: string): string => file.toLowerCase();

/** The folders an output file needs, outermost first (`reports/a/b.md`: `reports`, `reports/a`). */
export function foldersOf(file: string): string[] {
  const out: string[] = [];
  for (let at = file.indexOf('/'); at !== -1; at = file.indexOf('/', at + 1)) out.push(file.slice(0, at));
  return out;
}

/**
 * Places in the output folder, taken one file at a time: a file is refused when it meets a file taken before (as
 * `routeCollisions` says of two pages: the same file, or one where the other needs a folder).
 */
export class OutputPlaces {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  /** Takes `file`'s place and its folders; false, taking nothing, when it meets a file taken before. */
  take(asked: string): boolean {
    // One place for names that differ only in case, as on a case-insensitive file system (see routeCollisions).
    const file = foldCase(asked);
    const needs = foldersOf(file);
    if (this.files.has(file) || this.folders.has(file) || needs.some((f) => this.files.has(f))) return false;
    this.files.add(file);
    for (const f of needs) this.folders.add(f);
    return true;
  }
}

/**
 * Pages that end at one place of the site, by index: for each page whose outputs (see `outputsOf`) meet another
 * page's, the indexes of those pages. They meet when both write one file (the same route, after percent-escaping,
 * normalisation, the `.md` suffix dropped in any case, and case folded: one file on a case-insensitive file system), or when one writes a file where the other needs a folder
 * (`a.md` is the Markdown copy of page `a` and the folder of page `a.md/b`). Linear in the total length of the paths.
 */
export function routeCollisions(paths: readonly string[]): Map<number, number[]> {
  const files = new Map<string, number>();
  const folders = new Map<string, number[]>();
  const out = new Map<number, Set<number>>();
  const meet = (a: number, b: number) => {
    if (a === b) return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      let set = out.get(x);
      if (!set) out.set(x, (set = new Set()));
      set.add(y);
    }
  };
  paths.forEach((path, i) => {
    // Folded to one case: on a case-insensitive file system (macOS, Windows) `a.md` and `A.md` are one file.
    for (const file of outputsOf(slugOf(path)).map(foldCase)) {
      const owner = files.get(file);
      if (owner === undefined) files.set(file, i);
      else meet(owner, i);
      // Each folder the file needs, once per page (a page's own files share their folders).
      for (const folder of foldersOf(file)) {
        const users = folders.get(folder);
        if (!users) folders.set(folder, [i]);
        else if (users[users.length - 1] !== i) users.push(i);
      }
    }
  });
  for (const [file, owner] of files) for (const user of folders.get(file) ?? []) meet(owner, user);
  return new Map([...out].map(([i, set]) => [i, [...set].sort((x, y) => x - y)]));
}
