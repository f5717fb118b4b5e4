/**
 * Golden files: `raw.txt` (a fence value) beside `runs.json` (the expected `{runs, messages}`). On mismatch a
 * `runs-changed.json` is written to diff against; a missing expectation is written once locally and is an error
 * under CI=true. `options.json` can place the fence in its source page (fenceLine, contentLine, column).
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { draft, type Draft } from '../../src/lib/diagnostics.js';
import { parseFence } from '../../src/lib/formats/index.js';
import type { FenceInput, FenceOptions, RunDraft } from '../../src/lib/formats/index.js';
import { rules } from '../../src/lib/rules/index.js';
import type { NoteRule } from '../../src/lib/rules/shared/notes.js';
import type { Note } from '../../src/lib/schemas/note.js';

/** A fence as its page's check reports it: its runs, and each note the parser recorded as its rule says it. */
export interface ReadFence {
  runs: RunDraft[];
  messages: Draft[];
}

const noteRules = new Map(rules.filter((r): r is NoteRule<Note['ruleId']> => 'say' in r).map((r) => [r.id, r]));

/** The messages the rules of the notes' ids make of them (severity as the rule states it, no config applied). */
export function said(notes: readonly Note[]): Draft[] {
  return notes.map((note) => {
    const rule = noteRules.get(note.ruleId);
    if (!rule) throw new Error(`no rule says notes of ${note.ruleId}`);
    const { message, ...details } = rule.say(note as never);
    return draft(note.ruleId, rule.severity, note, message, details);
  });
}

/** `parseFence`, with its notes said as messages. */
export function readFence(input: FenceInput, options: FenceOptions): ReadFence {
  const { runs, notes } = parseFence(input, options);
  return { runs, messages: said(notes) };
}

export const fixturesDir = fileURLToPath(new URL('../fixtures/formats/', import.meta.url));

export interface Fixture {
  name: string;
  dir: string;
  raw: string;
  options: { fenceLine: number; contentLine: number; column: number; lang: string | null; expectResult: boolean };
}

export function fixtures(): Fixture[] {
  return readdirSync(fixturesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => fixture(name));
}

export function fixture(name: string): Fixture {
  const dir = join(fixturesDir, name);
  const optionsPath = join(dir, 'options.json');
  const given = existsSync(optionsPath) ? JSON.parse(readFileSync(optionsPath, 'utf8')) : {};
  return {
    name,
    dir,
    raw: readFileSync(join(dir, 'raw.txt'), 'utf8'),
    options: { fenceLine: 1, contentLine: 2, column: 1, lang: null, expectResult: true, ...given },
  };
}

export function run(f: Fixture): ReadFence {
  const { expectResult, ...place } = f.options;
  return readFence({ value: f.raw, ...place }, { expectResult });
}

// JSON has no Infinity: `inf` values are written as the string "Infinity".
const replacer = (_key: string, value: unknown): unknown => (value === Infinity ? 'Infinity' : value === -Infinity ? '-Infinity' : value);

export function serialize(result: ReadFence): string {
  return `${JSON.stringify(result, replacer, 2)}\n`;
}

/** Compare with `runs.json`; returns the expected text (or null when it was just written). */
export function golden(f: Fixture, actual: string): { expected: string | null; changedPath: string } {
  const expectedPath = join(f.dir, 'runs.json');
  const changedPath = join(f.dir, 'runs-changed.json');
  if (!existsSync(expectedPath)) {
    if (process.env.CI === 'true') throw new Error(`Missing expectation ${expectedPath} (CI=true)`);
    writeFileSync(expectedPath, actual);
    console.warn(`wrote missing expectation ${expectedPath}; review and commit it`);
    return { expected: null, changedPath };
  }
  const expected = readFileSync(expectedPath, 'utf8');
  if (expected !== actual) writeFileSync(changedPath, actual);
  else if (existsSync(changedPath)) rmSync(changedPath);
  return { expected, changedPath };
}
