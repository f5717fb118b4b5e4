import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { PlacementMiss } from '../claims/verify-claims.js';
import type { Draft } from '../diagnostics.js';
import type { Measure } from '../limit-scan.js';
import type { Script } from '../model/script.js';
import type { ClaimSite } from '../model/sites.js';
import type { AckComment } from '../schemas/acknowledgement.js';
import type { Failure } from '../schemas/failure.js';
import type { PageView, Report } from '../schemas/report.js';
import type { Message, Severity } from '../schemas/message.js';
import type { Note } from '../schemas/note.js';

/** What a rule sees: one page as the walk read it (never its raw text), and every page of the set being checked. */
export interface RuleContext {
  /** The page being checked (runs, claims, headings, links, commands ...). */
  report: Report;
  /** The page's mdast tree, with positions. */
  tree: Root;
  /** The page's file (`path`, `value`); messages can be made against it with vfile-message. */
  file: VFile;
  /** The nodes of the page that state numbers, with their structural context. */
  sites: readonly ClaimSite[];
  /** Every fence the page model read as a script, with its node and its commands, tokenised once. */
  scripts: readonly Script[];
  /** What the page's readers set aside while reading (`schemas/note.ts`), for the rules of their ids. */
  notes: readonly Note[];
  /**
   * Every page checked together (cross-page rules), this one included, as other pages see it: its path, headings
   * and runs. A page's checks depend on nothing else of the others, so they are re-run only when that changes.
   */
  reports: readonly PageView[];
  /** Whether a path (resolved relative to the page's file on disk) exists; used by link and image rules. */
  exists: (absolutePath: string) => boolean;
  /** Absolute path of the page's file on disk, when it has one. */
  absolutePath: string | null;
}

/** What the acknowledgement pass hands the rules that run after every other (`after`): the page's comments. */
export interface AfterContext {
  /** The page's path, as its messages name it. */
  path: string;
  /** Every `perflab-ignore` comment of the page, well-formed or not (`acknowledge.ts`). */
  acks: readonly AckComment[];
  /** The well-formed comments that accepted a finding of the other rules. */
  used: ReadonlySet<AckComment>;
}

/** A value the site indexes for search (`site/search-value.ts`): its field, its text, and what is left of it. */
export interface SearchField {
  key: string;
  text: string;
  /** The text as plain search text; null when nothing visible is left. */
  indexed: string | null;
}

/**
 * One rule, one file; the file name is the rule id. The header comment states the rule in words and points to
 * docs/rules.md, which shows `examples` (an ok and a not-ok page) as the tests run them, so tests and docs cannot drift.
 */
export interface Rule {
  /** Rule id, equal to the file name (`claim-mismatch`). */
  id: string;
  /** Default severity; the config file can override it. */
  severity: Severity;
  /** One sentence: what it checks. */
  description: string;
  /** One sentence for the page's author: what to do about a finding (fix, add the missing run, or acknowledge). */
  fix: string;
  /** Formula and tolerance, for rules that compare numbers. */
  formula?: string;
  /**
   * Markdown examples: an `ok` page that yields no message of this id and a `notOk` page that yields at least one,
   * both checked through the whole pipeline (parse, page model, claims, rules, acknowledgements).
   */
  examples: {
    ok: string;
    /** Empty only for an internal error that no page content can cause; `unreachable` then says why. */
    notOk: string;
    /** Another page (`context.md`) checked together with each example, for cross-page rules. */
    context?: string;
    /** The file name the not-ok page is checked under (`not-ok.md` by default), for rules about file names. */
    notOkPath?: string;
    /**
     * The repository folder the example pages are checked in (`docs`), for ids about files next to a page; by
     * default the pages have no file on disk.
     */
    folder?: string;
    /** Why there is no not-ok example (an internal error no content can cause); set exactly when `notOk` is empty. */
    unreachable?: string;
    /**
     * A not-ok page too large to show (a page or table over a size limit): `notOk` is the page as shown, `page`
     * builds the page that is checked from it, and `note` says how, in the documentation.
     */
    expand?: { note: string; page: (shown: string) => string };
  };
  /**
   * A rule has exactly one of the stage functions below (`stages.ts`; `test/rules/stubs.test.ts` holds it to that),
   * the one of the stage where its evidence is. Most read the page model (`check`): report each finding on
   * `context.file` (`emit` in `diagnostics.ts`, a vfile message).
   */
  check?(context: RuleContext): void;
  /**
   * Before parsing (`limits.ts`): the rule's test of one measure of the page's pre-parse line scan
   * (`limit-scan.ts`); its message when the measure is over the rule's limit (the page is then not parsed), else null.
   */
  source?: (measure: Measure) => Draft | null;
  /** After every other rule and the acknowledgements (`acknowledge.ts`): its findings about the page's comments. */
  after?: (context: AfterContext) => Message[];
  /** Where perflab's own code stops on a page: the message of the failure its stage caught (an internal error). */
  internal?: (failure: Failure) => Draft;
  /** When the claim verification places the claims for the renderer (`checks.ts`): the message of a claim it cannot mark. */
  placement?: (miss: PlacementMiss) => Draft;
  /** When the site indexes the page (`site/search-value.ts`): the message of a field with nothing left to index, else null. */
  index?: (field: SearchField) => Draft | null;
}
