import { VFile } from 'vfile';
import type { Draft } from './diagnostics.js';
import { parseMarkdown } from './markdown/index.js';
import { normalizeLoneCr } from './markdown/eol.js';
import { extractPage } from './model/extract.js';
import { savedReader } from './saved/read.js';
import type { Analysis } from './page.js';
import type { Message } from './schemas/message.js';
import type { Report } from './schemas/report.js';
import { applyConfig, type Config } from './config.js';
import { acknowledge, findAcknowledgements } from './acknowledge.js';
import { checkPage, pageSet, type PageSet } from './checks.js';
import { pageView } from './claims/verify/view.js';
export { pageSet, type PageSet } from './checks.js';
export { pageView } from './claims/verify/view.js';
import { compareText } from './order.js';
import { checkLimits } from './limits.js';
import { modelInternalError } from './rules/model-internal-error.js';
import { parseInternalError } from './rules/parse-internal-error.js';
import { messageText, ownStrings } from './own-strings.js';

export type { Analysis } from './page.js';

/** Parse one page into its report data and tree: one tokenize, one walk. Never throws on content. */
export function analyze(source: string, path: string, absolutePath: string | null = null): Analysis {
  // A lone CR is a line break of the same length: offsets stay valid and every line-based reader agrees.
  const text = normalizeLoneCr(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source);
  const file = new VFile({ path, value: text });
  // A page over a size or nesting limit is reported and not parsed (bounded time and memory, no crash).
  const over = checkLimits(text);
  const parsed = parseMarkdown(over ? '' : text);
  const page = extractPage(parsed.tree, file, parsed.frontmatter, absolutePath ? savedReader(absolutePath, path) : null);
  // What stopped the parser or the page model, as the internal-error rule of each stage words it.
  const drafts = [
    ...parsed.failures.map(parseInternalError.internal),
    ...(over ? [over] : []),
    ...page.failures.map(modelInternalError.internal),
  ];
  // The model outlives the tree and the text (other pages' checks read it): it must not hold on to them.
  const report: Report = { ...ownStrings(page.model), claims: [], messages: toMessages(path, drafts) };
  return {
    file,
    report,
    tree: parsed.tree,
    source: text,
    absolutePath,
    sites: page.sites,
    profiles: page.profiles,
    commands: page.commands,
    scripts: page.scripts,
    notes: [...parsed.notes, ...page.notes],
    linesAbove: page.linesAbove,
  };
}

/**
 * Run the checks that need every page (claims, cross-page rules), then apply acknowledgements and the
 * configured severities. Returns the final reports in input order; the analyses are not changed.
 */
export function checkAll(analyses: readonly Analysis[], config: Config = {}): Report[] {
  const set = pageSet(analyses.map((a) => pageView(a.report)));
  return analyses.map((a) => checkOne(a, set, config));
}

/**
 * The final report of one page of a set (see `pageSet`): what `checkAll` gives for it, without the other pages'
 * trees. A loader that cannot hold every page in memory checks them one at a time with this.
 */
export function checkOne(a: Analysis, set: PageSet, config: Config = {}, exists?: (path: string) => boolean): Report {
  const found = checkPage(a, set, exists);
  const acks = findAcknowledgements(a.tree);
  const report = { ...a.report, claims: found.claims };
  const messages = acknowledge(applyConfig([...a.report.messages, ...found.messages], config), acks, report).sort(
    (x, y) => x.line - y.line || x.column - y.column || compareText(x.ruleId, y.ruleId),
  );
  return { ...report, messages };
}

/** One page to check: its text, its content-relative path, and its absolute path on disk when it has one. */
export interface PageInput {
  source: string;
  path: string;
  absolutePath?: string | null;
}

/** The whole pipeline, pure: read every page once (`analyze`), then check them together (`checkAll`). */
export function check(inputs: readonly PageInput[], config: Config = {}): Array<{ analysis: Analysis; report: Report }> {
  const analyses = inputs.map((p) => analyze(p.source, p.path, p.absolutePath ?? null));
  const reports = checkAll(analyses, config);
  return analyses.map((analysis, i) => ({ analysis, report: reports[i] }));
}

export function toMessages(file: string, drafts: readonly Draft[]): Message[] {
  return drafts.map((d) => ({
    ...d,
    message: messageText(d.message),
    ...(d.expected === undefined ? {} : { expected: messageText(d.expected) }),
    ...(d.actual === undefined ? {} : { actual: messageText(d.actual) }),
    file,
  }));
}

/** True when a message should fail the build: an error nobody acknowledged. */
export function isBlocking(m: Message): boolean {
  return m.severity === 'error' && !m.acknowledged;
}
