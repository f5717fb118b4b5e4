/**
 * `claim-unjudged` (info): A number the prose states as a result (`2.1x`, `35%`, `59.99 t/s`) or a comparative
 * (`faster`, `fastest`) that no claim kind judged, with the reason: a contributor sees every number that perflab
 * did not check, and the page's trust summary counts them ("12 of 14 numbers verified; 2 not judged").
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#claim-unjudged shows them.
 */
import { emit } from '../diagnostics.js';
import { metricsIn } from '../claims/essay/vocab.js';
import type { Claim } from '../schemas/claim.js';
import type { Report } from '../schemas/report.js';
import { H100_RUN, page, resultBlock } from './shared/examples.js';
import { placer } from './shared/place.js';
import type { Rule } from './types.js';

const example = (sentence: string) => page('# One run', resultBlock({ metrics: H100_RUN }), sentence);

/**
 * A result number of prose: a number with a percent, a multiple or a rate or time unit after it, and the
 * comparatives of speed. A number of a setup (`8 GPUs`, `100 prompts`) has none of these, and is not one.
 */
const STATED =
  /(?<![\w.,])[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?: ?(?:%|x(?![\w])|×|倍|배|ms(?![\w])|tok\/s|tokens\/s|t\/s|req\/s))|\b(?:faster|slower|fastest|slowest)\b|(?:更快|更慢|最快|最慢)/gi;

/** What follows a count of devices (`8 × H100`, `4x A100`, `2 x GPUs`). */
const DEVICES = /^ ?(?:[A-Z]{1,4}\d|GPU|NPU|card|node)/i;

/**
 * The text with what states no number blanked out, offsets kept: HTML comments (acknowledgements), inline code and
 * link addresses. One pass: each opener's end is found once, from where the scan stands.
 */
function blankOut(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    let end = -1;
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      end = close < 0 ? text.length : close + 3;
    } else if (text[i] === '`' || (text[i] === ']' && text[i + 1] === '(')) {
      const closer = text[i] === '`' ? '`' : ')';
      let j = text[i] === '`' ? i + 1 : i + 2;
      while (j < text.length && text[j] !== closer && text[j] !== '\n') j++;
      if (j < text.length && text[j] === closer) end = j + 1;
      // No closer on the line: none of the line's later openers has one either, so the scan goes on after it.
      else {
        i = j;
        continue;
      }
    }
    if (end > i) {
      blank(i, end);
      i = end;
    } else i++;
  }
  return out.join('');
}

/** Where each sentence of a text starts (after `.` and a blank, `。`, `!`, `?` or a line break), in order. */
function sentenceStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (
      ch === '\n' ||
      ch === '。' ||
      ch === '!' ||
      ch === '?' ||
      ch === '！' ||
      ch === '？' ||
      (ch === '.' && /\s/.test(text[i + 1] ?? ' '))
    )
      starts.push(i + 1);
  }
  return starts;
}

/** Why a stated number was not judged, from what its page and sentence give. */
function reasonOf(report: Report, namesMetric: boolean, stated: string): string {
  if (report.runs.length === 0) return 'the page has no raw run to judge it on';
  const unit = /(?:tok|tokens|t|req)\/s$|ms$/i.test(stated);
  if (!unit && !namesMetric) return 'its sentence names no metric, so which printed value it is about is not said';
  return 'no check reads a statement of this form; name the runs it compares as their headings or labels do';
}

/** The claims of a page by line, each line's as [column, end column) ranges. */
function claimsByLine(claims: readonly Claim[]): Map<number, Array<[number, number]>> {
  const out = new Map<number, Array<[number, number]>>();
  for (const c of claims) {
    const list = out.get(c.line) ?? [];
    list.push([c.column, c.column + Math.max(c.text.length, 1)]);
    out.set(c.line, list);
  }
  return out;
}

export const claimUnjudged: Rule = {
  id: 'claim-unjudged',
  severity: 'info',
  description: 'A number the prose states as a result, or a comparative of speed, that no check judged; the message says why.',
  fix: 'Name the metric and the runs the number compares (`output throughput of A is 2.1x that of B`), or state it in a table perflab reads.',
  formula: 'a prose number with `%`, `x`, a rate or time unit, or `faster`/`fastest`, at a place no claim covers',
  examples: {
    ok: example('The run completes 1000 requests at 15.62 req/s.'),
    notOk: example('With the new kernel the run is 2.1x faster.'),
  },
  check({ report, sites, file }) {
    const byLine = claimsByLine(report.claims);
    const covered = (line: number, column: number, length: number) =>
      (byLine.get(line) ?? []).some(([from, to]) => from < column + length && column < to);
    for (const site of sites) {
      if (site.kind !== 'prose' && site.kind !== 'heading') continue;
      const text = blankOut(site.text);
      const starts = sentenceStarts(text);
      const placeOf = placer(site);
      // The metrics each sentence names, read once per sentence (by its index in `starts`).
      const named = new Map<number, boolean>();
      let sentence = 0;
      let end = -1;
      for (const m of text.matchAll(STATED)) {
        while (sentence + 1 < starts.length && starts[sentence + 1] <= m.index) sentence++;
        // `2.1x faster` is one statement; `8 × H100` counts devices.
        const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
        const near = m.index - end <= 1;
        end = m.index + m[0].length;
        if (near || (/[x×]$/i.test(m[0]) && DEVICES.test(after))) continue;
        const at = placeOf(m.index);
        if (covered(at.line, at.column, m[0].length)) continue;
        if (!named.has(sentence))
          named.set(sentence, metricsIn(text.slice(starts[sentence], starts[sentence + 1] ?? text.length)).length > 0);
        const reason = reasonOf(report, named.get(sentence)!, m[0]);
        emit(file, 'claim-unjudged', 'info', at, `\`${m[0]}\` is not judged: ${reason}`, {
          expected: 'a number perflab judges against the runs',
          actual: m[0],
        });
      }
    }
  },
};
