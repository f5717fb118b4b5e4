// Text from content that becomes a Pagefind filter or meta value. Pagefind's UI inserts those values as HTML, so they
// are reduced to plain visible text here: no markup characters (`<>&"'` and backtick), no control or invisible
// formatting characters, whitespace collapsed, length bounded. A value that ends up empty is not indexed; the loader
// reports it (see `searchValueProblems`), as the rule `site-search-value` words it.
import { siteSearchValue } from '../rules/site-search-value.js';
import { pageModel } from './page-model.js';
import type { Report } from '../schemas/report.js';
import type { SiteProblem } from './entry.js';

/** Longest filter or meta value, in code points. */
export const SEARCH_VALUE_MAX = 80;

// Markup characters, C0/C1 controls, and invisible format characters (bidi overrides, zero-width joiners, BOM).
const UNSAFE = /[<>&"'`\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/gu;

/** The value as plain search text, or null when nothing visible is left. */
export function searchValue(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const clean = text.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const points = [...clean];
  const bounded = points.length > SEARCH_VALUE_MAX ? points.slice(0, SEARCH_VALUE_MAX).join('').trimEnd() : clean;
  return bounded === '' ? null : bounded;
}

/** The filter and meta values a report page indexes: `[key, text]` pairs, before cleaning. */
export function searchFields(
  report: Parameters<typeof pageModel>[0] & Pick<Report, 'hardware' | 'objective' | 'engines'> & { title: string },
): [string, string][] {
  const fields: [string, string][] = [['title', report.title]];
  const model = pageModel(report);
  if (model) fields.push(['model', model]);
  const gpu = report.hardware?.gpu ?? report.hardware?.text;
  if (gpu) fields.push(['hardware', gpu]);
  if (report.objective) fields.push(['objective', report.objective]);
  for (const e of report.engines) fields.push(['engine', e.name]);
  return fields;
}

/**
 * One problem per field whose value has nothing left to index (the `index` stage of `site-search-value` judges each
 * field with what is left of it), so no filter disappears without a word.
 */
export function searchValueProblems(report: Parameters<typeof searchFields>[0]): SiteProblem[] {
  return searchFields(report).flatMap(([key, text]) => {
    const found = siteSearchValue.index({ key, text, indexed: searchValue(text) });
    return found ? [{ line: found.line, column: found.column, ruleId: found.ruleId, message: found.message }] : [];
  });
}
