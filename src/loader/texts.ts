// The pages' texts in one load. Each page is read when the load lists it (for its digest), and its text is let go
// unless the site is small (the memory budget's `keep` share, ../lib/sizes.ts) or a dev server keeps it between reloads; it is read again when the page is
// parsed and when it is checked, and each later reading must be the text the digest was made from. A site of 10,000
// reports (410 MB of Markdown, about 1.2 GB as strings) is then never held in memory at once. A page edited while
// the site is built stops the build by name rather than being built from two different texts.
import { readSource } from '../lib/site/files.js';
import { terminalText } from '../lib/terminal.js';

export class PageTexts {
  private readonly paths: string[] = [];
  private readonly names: string[] = [];
  private readonly kept: Array<string | undefined> = [];
  /** Digest of each page's text as listed. */
  readonly digests: string[] = [];
  /** Length of each page's text (UTF-16 units), as listed. */
  readonly lengths: number[] = [];
  private keptBytes = 0;
  private last: { i: number; text: string } | null = null;

  /** `digest`: the load's digest of a text; `keepLimit`: text bytes up to which every text is kept. */
  constructor(
    private readonly digest: (text: string) => string,
    private readonly keepLimit: number,
  ) {}

  /** A listed page's text (its index is the order of the calls). `name`: the page's path in messages. */
  add(absolutePath: string, name: string, text: string): void {
    this.paths.push(absolutePath);
    this.names.push(name);
    this.digests.push(this.digest(text));
    this.lengths.push(text.length);
    const under = this.keptBytes <= this.keepLimit;
    this.keptBytes += text.length;
    if (this.keptBytes <= this.keepLimit) this.kept.push(text);
    else {
      // Past the limit: keep none (the earlier ones are let go too, once), so memory does not depend on the order.
      if (under) this.kept.fill(undefined);
      this.kept.push(undefined);
    }
  }

  /** Page `i`'s text: kept, else read again and checked against its digest. Throws when the file changed or went. */
  text(i: number): string {
    const kept = this.kept[i];
    if (kept !== undefined) return kept;
    if (this.last?.i === i) return this.last.text;
    const text = readSource(this.paths[i], false).text;
    if (text === undefined || this.digest(text) !== this.digests[i]) {
      throw new Error(
        `perflab: \`${terminalText(this.names[i])}\` changed while the site was being built (it is read more than once); build again.`,
      );
    }
    this.last = { i, text };
    return text;
  }
}
