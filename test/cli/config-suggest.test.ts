// A mistyped rule id in perflab.config.json gets the closest rule id as a suggestion (issue 46); a word that is no
// near miss of any id keeps the plain message.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/lib/config.js';
import { closestName } from '../../src/lib/suggest.js';

function problems(text: string): string[] {
  try {
    parseConfig(text);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('did you mean, for rule ids in the config', () => {
  it('should suggest the closest rule id for a mistyped one, in rules and in overrides', () => {
    expect(problems('{"rules": {"image-missng": "off"}}')).toEqual([
      'perflab.config.json:1:12: "rules.image-missng": "image-missng" is not a rule id; did you mean "image-missing"? docs/rules.md lists them',
    ]);
    expect(problems('{"overrides": [{"files": ["a/**"], "rules": {"claim-mismatsh": "warning"}}]}')).toEqual([
      'perflab.config.json:1:46: "overrides[0].rules.claim-mismatsh": "claim-mismatsh" is not a rule id; did you mean "claim-mismatch"? docs/rules.md lists them',
    ]);
  });

  it('should suggest nothing for a word that is not near any id', () => {
    expect(problems('{"rules": {"nope": "off"}}')).toEqual([
      'perflab.config.json:1:12: "rules.nope": "nope" is not a rule id; docs/rules.md lists them',
    ]);
  });

  it('should take the nearest name within a few edits and fewer than half the word', () => {
    expect(closestName('TABLE-MALFORMD', ['table-malformed', 'table-too-large'])).toBe('table-malformed');
    expect(closestName('ab', ['abc'])).toBeNull();
    expect(closestName('image', ['image-missing'])).toBeNull();
  });
});
