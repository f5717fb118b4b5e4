import type { Link } from 'mdast';
import { savedRuns } from '../../formats/saved/runs.js';
import type { RunDraft } from '../../formats/types.js';
import { SAVED_NAME } from '../../saved/read.js';
import { canonicalEngine } from '../command.js';
import { columnOf, lineOf } from '../text.js';
import { isExternal, splitUrl } from '../tree.js';
import { onRuns } from './runs.js';
import type { WalkState } from './state.js';

/**
 * A link to a saved result file (`.json`, `.jsonl`) inside the content folder: the file's runs are the page's
 * runs, placed at the link (its section, experiment and variant), each with the model and engine the file states.
 * A file linked again is read once, at its first link. What cannot be read is a note at the link.
 */
export function onSavedLink(node: Link, state: WalkState): void {
  const read = state.saved;
  if (!read || isExternal(node.url)) return;
  const { path } = splitUrl(node.url);
  if (!path || !SAVED_NAME.test(path)) return;
  const { found } = state;
  if (found.savedFiles.some((f) => f.link === path)) return;
  const got = read(path);
  const line = lineOf(node);
  const column = columnOf(node);
  // A link the reader does not follow (a missing file) is kept too: a cache of the page holds until the file appears.
  if (!got) {
    found.savedFiles.push({ link: path, line, column, file: path, digest: '', formats: [], runs: [] });
    return;
  }
  if (got.kind === 'refused') {
    found.notes.push({ ruleId: 'saved-result-unreadable', line, column, file: got.file, detail: got.reason, at: null });
    found.savedFiles.push({ link: path, line, column, file: got.file, digest: '', formats: [], runs: [] });
    return;
  }
  const parsed = savedRuns(got.text, got.file, { url: node.url, line, column });
  for (const p of parsed.problems) {
    const at = { line: p.line, column: p.column, pointer: p.pointer };
    found.notes.push(
      p.kind === 'malformed'
        ? { ruleId: 'saved-result-unreadable', line, column, file: got.file, detail: p.detail, at }
        : { ruleId: 'saved-result-unknown', line, column, file: got.file, detail: p.detail, at },
    );
  }
  const ids = (_d: RunDraft, i: number): string => `run-L${line}-c${column}-${i + 1}`;
  const before = found.runs.length;
  onRuns(
    parsed.runs.map((r) => r.draft),
    null,
    state,
    ids,
  );
  const added = found.runs.slice(before);
  // The file states what served each run; the page's command around the link is the fallback.
  for (const [i, run] of added.entries()) {
    const { model, backend } = parsed.runs[i];
    if (model) run.context.model = model;
    const engine = backend ? canonicalEngine(backend) : null;
    if (engine) run.context.engine = engine;
  }
  found.savedFiles.push({
    link: path,
    line,
    column,
    file: got.file,
    digest: got.digest,
    formats: parsed.formats,
    runs: added.map((r) => r.id),
  });
}
