import type { Paragraph } from 'mdast';
import { canonicalEngine } from '../command.js';
import { bareLabel, lineOf, plain } from '../text.js';
import { onRuns } from './runs.js';
import { headingPath, inOther, section, subsection, type WalkState } from './state.js';

const ERROR_LINE = /^(?:#\s*)?(?:Crash\b|[A-Z]\w*(?:Error|Exception)\b[:(]?)/;
const LABEL_MAX = 60;

/**
 * A paragraph outside list items: a variant label (a short single plain line before a serving script, classic
 * pages; a sentence, English or Chinese, is not one), an engine error standing where a result would (a failed
 * run), or prose that may state numbers.
 */
export function onParagraph(node: Paragraph, admonition: string | null, state: WalkState): void {
  const { found, at } = state;
  const text = plain(node);
  const line = lineOf(node);
  const oneLine = (node.position?.end.line ?? line) === line;
  if (
    admonition === null &&
    at.experiment &&
    text.length > 0 &&
    text.length <= LABEL_MAX &&
    oneLine &&
    !/[.:!?。：！？]$/.test(text) &&
    !/^(Result|Summary|Note)\b/i.test(text) &&
    !ERROR_LINE.test(text)
  ) {
    at.label = { text: bareLabel(text), line };
    return;
  }
  if (ERROR_LINE.test(text) && (at.experiment || inOther(at)) && !/^Result/i.test(text)) {
    // An engine error written as prose where a result would stand: a failed run, not missing data.
    const label = at.label;
    const run = {
      line,
      endLine: node.position?.end.line ?? line,
      format: null,
      label: label?.text ?? null,
      labelLine: label?.line ?? null,
      failed: true,
      error: text,
      metrics: {},
      unknown: [],
      fenceLine: line,
      invocation: null,
      fingerprint: `failed:${text.slice(0, 40)}`,
    };
    onRuns([run], admonition, state);
    return;
  }
  found.sites.push({ kind: 'prose', node, headings: headingPath(at), experiment: at.experiment, text: '', base: 0 });
  collectSetup(text, line, state);
}

/**
 * A paragraph of a list item: `- Profile: X` names the profile of the runs that follow, `- Baseline/Optimized
 * Backend Parameters` the side; setup items are read; an item with a digit or a `Summary:` may state numbers.
 */
export function onItemParagraph(node: Paragraph, state: WalkState): void {
  const { found, at } = state;
  const text = plain(node);
  if (/^Profile:/i.test(text) && text.length > 'Profile:'.length) at.profile = text.slice('Profile:'.length).replace(/`/g, '').trim();
  const side = /^(Baseline|Optimi[sz]ed)\s+Backend Parameters/i.exec(text);
  if (side) at.paramsSide = side[1].toLowerCase().startsWith('b') ? 'baseline' : 'optimized';
  collectSetup(text, lineOf(node), state);
  if (/^Summary:/i.test(text) || /\d/.test(text)) {
    found.sites.push({ kind: 'prose', node, headings: headingPath(at), experiment: at.experiment, text: '', base: 0 });
  }
}

/** The setup sections: objective, model, hardware, engine versions, datasets (first of each where one is meant). */
function collectSetup(text: string, line: number, { found, at }: WalkState): void {
  const s = subsection(at);
  if (!/setup/.test(section(at)) && !/objective/.test(section(at))) return;
  if (/objective/.test(section(at)) && !found.objectiveText) found.objectiveText = { text, line };
  if (s === 'model' && !found.modelText) found.modelText = { text, line };
  else if (s === 'hardware' && !found.hardwareText) found.hardwareText = { text, line };
  else if (/engine version/.test(s)) {
    const m = engineVersion(text);
    if (m) found.engines.push({ name: canonicalEngine(m.name) ?? m.name.trim(), version: m.version, line });
  } else if (/benchmark dataset/.test(s)) found.datasets.push({ text, line });
}

/**
 * `vLLM: v0.11.0` -> name `vLLM`, version `v0.11.0`: the last blank-separated token when it reads as a version,
 * the text before it less its blanks and one trailing `:`. A scan from the end, linear in the line.
 */
function engineVersion(text: string): { name: string; version: string } | null {
  const t = text.trimEnd();
  let sp = t.length - 1;
  while (sp >= 0 && !/\s/.test(t[sp])) sp--;
  if (sp < 1) return null;
  const version = t.slice(sp + 1);
  if (!/^v?\d[\w.+-]*$/.test(version)) return null;
  let name = t.slice(0, sp).trimEnd();
  if (name.endsWith(':')) name = name.slice(0, -1);
  return name ? { name, version } : null;
}
