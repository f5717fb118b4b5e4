/**
 * Fuzzing of `perflab.config.json` as a contributor may write it (fixed seeds; `PERFLAB_FUZZ_SEED` replays another,
 * `PERFLAB_FUZZ_RUNS` runs a long campaign): documents with hostile keys (line breaks, ESC, bidi controls, `::error`
 * lines, very long names), repeated keys, values of every type and broken JSON. Parsing either gives a config or
 * throws the config error, never anything else; every problem is one line `file:line:col: ...` in plain words,
 * and once printed as the CLI prints it (through the terminal escaping) no line holds a control character or starts
 * with anything but `perflab:`.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.js';
import { terminalText } from '../../src/lib/terminal.js';
import { RUNS, SEED } from './oracle.js';

const params = (numRuns: number) => ({ seed: SEED, numRuns: RUNS || numRuns });
if (RUNS) vi.setConfig({ testTimeout: RUNS * 50 + 60_000 });

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '\n::error file=README.md,line=1::FAKE',
    '\u001b[2K\u001b[1A',
    '\u202eevil',
    'rules\u0000',
    'x'.repeat(3000),
    '__proto__',
  ),
  fc.constantFrom('rules', 'ignores', 'overrides', 'docsUrl', '$schema', 'claim-mismatch', 'error', 'off'),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('error', 'warning', 'info', 'off', '**/*.md', null, true, 0, -1, 1e308),
    hostile,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(hostile, tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** A config document: an object written with each key once or twice (JSON.stringify cannot repeat a key). */
const documentText = fc
  .array(fc.tuple(hostile, value, fc.boolean()), { maxLength: 5 })
  .map(
    (entries) =>
      `{${entries.flatMap(([k, v, twice]) => Array(twice ? 2 : 1).fill(`${JSON.stringify(k)}: ${JSON.stringify(v) ?? 'null'}`)).join(',\n')}}`,
  );
const broken = fc.tuple(documentText, fc.nat(), fc.string({ maxLength: 3 })).map(([t, at, junk]) => t.slice(0, at % (t.length + 1)) + junk);

/** The CLI's lines for a config error (`usage` in cli/main.ts): one `perflab:` line per problem, escaped. */
const printed = (error: ConfigError) =>
  error.message
    .split('\n')
    .map((l) => `perflab: ${terminalText(l)}`)
    .join('\n');

function outcome(text: string): 'config' | 'refused' {
  try {
    parseConfig(text, 'perflab.config.json');
    return 'config';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    for (const p of e.problems) {
      expect(p).toMatch(/^perflab\.config\.json:\d+:\d+: /);
      // One problem, one line: a key's line break never starts a line of its own.
      expect(/[\r\n\u2028\u2029]/.test(p)).toBe(false);
    }
    for (const line of printed(e).split('\n')) {
      expect(line.startsWith('perflab: ')).toBe(true);
      expect(CONTROL.test(line)).toBe(false);
    }
    expect(e.message).not.toMatch(/Expected \w+, received|Required|Invalid enum value/);
    return 'refused';
  }
}

describe('fuzz: perflab.config.json keys and values', () => {
  it('should give a config or one plain config error per problem, printed on lines of its own', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(documentText, broken), (text) => {
        seen.add(outcome(text));
      }),
      params(400),
    );
    expect([...seen].sort()).toEqual(['config', 'refused']);
  });

  it('should refuse a key given twice at the repeat, whatever the key', () => {
    fc.assert(
      fc.property(hostile, (key) => {
        const text = `{\n  ${JSON.stringify(key)}: 1,\n  ${JSON.stringify(key)}: 2\n}`;
        expect(() => parseConfig(text, 'perflab.config.json')).toThrow(ConfigError);
        try {
          parseConfig(text, 'perflab.config.json');
        } catch (error) {
          expect((error as ConfigError).problems.some((p) => p.startsWith('perflab.config.json:3:'))).toBe(true);
        }
      }),
      params(100),
    );
  });
});
