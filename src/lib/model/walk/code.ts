import type { Code } from 'mdast';
import { isCollection, parseDocument, visit } from 'yaml';
import { parseFence } from '../../formats/index.js';
import { requotedDrafts } from '../../formats/requote.js';
import { logicalCommands, parseParameters } from '../command.js';
import { columnOf, lineOf } from '../text.js';
import { onCommand } from './commands.js';
import { onRuns } from './runs.js';
import { headingAt, headingPath, section, subsection, type WalkState } from './state.js';

/** A fence of plain text: no language, or one that says so. */
const PLAIN_LANG = /^(?:|te?xt|plain(?:text)?)$/i;
/** The tool ids of benchmark clients (`vllm-bench`, `sglang-bench`, `guidellm`), not servers. */
const BENCH_TOOL = /bench|guidellm/;
/** Whether a line has a digit, then `=` or `≈`, then a digit (`128 × 0.171 ≈ 21.92`); one pass over the text. */
function workedLine(value: string): boolean {
  let digit = false;
  let sign = false;
  for (const ch of value) {
    if (ch === '\n') digit = sign = false;
    else if (ch >= '0' && ch <= '9') {
      if (sign) return true;
      digit = true;
    } else if ((ch === '=' || ch === '≈') && digit) sign = true;
  }
  return false;
}

/** Titles of admonitions that hold results, and of those that hold scripts. */
const RESULT_TITLE = /\bresults?\b/i;
const SCRIPT_TITLE = /\bserving (?:script|command)|\blaunch|\bdeploy/i;

/** A script admonition's title (`Serving script`, `Serving  Commands`, `Launch`, `Deploy`); blanks folded first. */
function isScriptTitle(title: string): boolean {
  return SCRIPT_TITLE.test(title.split(/\s/).filter(Boolean).join(' '));
}

/**
 * A fence: backend parameters (under a `... Parameters` list item), a profile (YAML under a profile heading), a
 * result (runs, or a message for each block that is not one), a benchmark script of the setup, or a command.
 * `admonition` is the title of the admonition around it; `itemText` the list item's text before it, if any.
 */
export function onCode(node: Code, admonition: string | null, itemText: string | null, state: WalkState): void {
  const { found, at } = state;
  const lang = node.lang ? `${node.lang}${node.meta ? ` ${node.meta}` : ''}` : null;
  const fenceLine = lineOf(node);
  const column = columnOf(node);
  const value = node.value;
  const isResult = admonition !== null && RESULT_TITLE.test(admonition) && !isScriptTitle(admonition);
  // A fence in a result admonition is a result even under a list item that mentions parameters.
  if (!isResult && itemText !== null && /parameters/i.test(itemText)) {
    at.paramsSide = /baseline/i.test(itemText) ? 'baseline' : /optimi[sz]ed/i.test(itemText) ? 'optimized' : null;
    const cmd = parseParameters(value, fenceLine + 1);
    found.scripts.push({ node, admonition, parameters: true, commands: cmd ? [cmd] : [] });
    if (cmd) onCommand(cmd, null, state);
    return;
  }
  const isYaml = /^(ya?ml|json)$/i.test(node.lang ?? '');
  const profile = headingAt(at, 5);
  if (isYaml && /profile/i.test(headingAt(at, 4)) && profile) {
    const data = profileData(value);
    if (data === undefined) found.notes.push({ ruleId: 'profile-invalid', line: fenceLine, column, profile });
    else if (data && typeof data === 'object') found.profiles.set(profile, data as Record<string, unknown>);
  }
  // A YAML or JSON fence is data (profiles), except in a result admonition: there it is read as a result or
  // reported, never skipped without a word.
  const parsed =
    isYaml && !isResult
      ? { runs: [], notes: [] }
      : parseFence({ value, fenceLine, contentLine: fenceLine + 1, column, lang }, { expectResult: isResult });
  // Lines of an earlier run quoted again are no run of their own (and no cut or headerless block); a fence where a
  // result is expected is always a result.
  const quoted = isResult ? [] : requotedDrafts(parsed.runs, found.runs);
  const runs = parsed.runs.filter((r) => !quoted.includes(r));
  found.notes.push(...parsed.notes.filter((m) => !quoted.some((q) => m.line >= q.line && m.line <= q.endLine)));
  if (runs.length > 0) {
    onRuns(runs, admonition, state);
    return;
  }
  if (quoted.length > 0) return;
  if (isResult || isYaml) return;
  // Not a result: a script. Serving commands, benchmark commands, docker templates.
  const commands = logicalCommands(value, fenceLine + 1);
  found.scripts.push({ node, admonition, parameters: false, commands });
  if (/setup|method/.test(section(at)) && /benchmark|open-source replacement/.test(subsection(at))) {
    for (const cmd of commands) if (cmd.tool && BENCH_TOOL.test(cmd.tool)) found.benchmarkCommands.push(cmd);
    return;
  }
  // A benchmark command beside the serving one (`vllm serve ...` then `vllm bench serve ...`) states the workload too;
  // a run takes it only when its own output agrees (`matchCommand`).
  for (const c of commands) if (c.tool && BENCH_TOOL.test(c.tool)) found.benchmarkCommands.push(c);
  // The script's command: the first that launches a known tool, else its first (what `parseCommand` reads).
  const cmd = commands.find((c) => c.tool !== null) ?? commands[0];
  // A plain fence that launches nothing and writes `=` between numbers may work arithmetic out: a claim site.
  if (!cmd?.tool && PLAIN_LANG.test(node.lang ?? '') && workedLine(value))
    found.sites.push({ kind: 'worked', node, headings: headingPath(at), text: '', base: 0 });
  if (cmd && (cmd.tool || isScriptTitle(admonition ?? ''))) onCommand(cmd, admonition, state);
}

/**
 * A profile fence's data, or undefined when it is not valid YAML or has a key that is a list or a map (`? [a, b]`),
 * which no JS object can hold: the library would print a warning of its own to the terminal, outside perflab's
 * messages, and make the key a string. Either is a `profile-invalid` finding instead.
 */
function profileData(value: string): unknown {
  const doc = parseDocument(value, { logLevel: 'silent' });
  if (doc.errors.length > 0) return undefined;
  let collectionKey = false;
  visit(doc, {
    Pair(_, pair) {
      if (isCollection(pair.key)) {
        collectionKey = true;
        return visit.BREAK;
      }
    },
  });
  return collectionKey ? undefined : (doc.toJS() as unknown);
}
