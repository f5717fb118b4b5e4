import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { analyze, checkAll } from '../../src/lib/pipeline.js';
import { formatCi } from '../../src/lib/output/index.js';
import { ruleDocsUrl } from '../../src/lib/config.js';
import { rules } from '../../src/lib/rules/index.js';
import { SEED_PAGES, CORPUS, hasCorpus, markdownFiles } from '../helpers/pages.js';

/**
 * The SARIF 2.1.0 JSON schema as published with the standard (the `2.1.0-rtm.5` schema, a draft-04 JSON
 * schema), shipped by Microsoft's SARIF matchers package; validated with ajv.
 */
const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
// unicodeRegExp off: the schema's `language` pattern has a stray `]` that only the `u` flag rejects.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

const ROOT = join(SEED_PAGES, '..', '..', '..');

function sarifOf(files: string[]) {
  const reports = checkAll(files.map((f) => analyze(readFileSync(f, 'utf8'), relative(ROOT, f), f)));
  return JSON.parse(formatCi('sarif', reports, ROOT));
}

function errorsOf(log: unknown): string {
  return validate(log) ? '' : ajv.errorsText(validate.errors, { separator: '\n' });
}

describe('perflab check --format sarif', () => {
  const log = sarifOf(markdownFiles(SEED_PAGES));

  it('should validate against the SARIF 2.1.0 schema', () => {
    expect(errorsOf(log)).toBe('');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
  });

  it('should be rejected by the schema when a required field is missing (the validator is live)', () => {
    const broken = structuredClone(log);
    delete broken.runs[0].tool.driver.name;
    broken.runs[0].results[0].level = 'fatal';
    expect(errorsOf(broken)).toMatch(/name/);
    expect(errorsOf(broken)).toMatch(/level/);
  });

  it('should describe every registered rule from its rule file, with its default level', () => {
    const byId = new Map(log.runs[0].tool.driver.rules.map((r: { id: string }) => [r.id, r]));
    for (const rule of rules) {
      const r = byId.get(rule.id) as {
        shortDescription: { text: string };
        help: { text: string };
        defaultConfiguration: { level: string };
      };
      expect(r.shortDescription.text).toBe(rule.description);
      expect(r.help.text).toContain(`perflab-ignore ${rule.id}: reason`);
      if (rule.formula) expect(r.help.text).toContain(rule.formula);
      expect(r.defaultConfiguration.level).toBe({ error: 'error', warning: 'warning', info: 'note' }[rule.severity]);
    }
  });

  it('should report each finding with its rule index, level, relative uri and region', () => {
    const run = log.runs[0];
    type Result = { locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] };
    const mismatch = run.results.find(
      (r: Result) =>
        r.locations[0].physicalLocation.region.startLine === 22 &&
        r.locations[0].physicalLocation.artifactLocation.uri === 'test/fixtures/seed-pages/qwen3-32b/h100.md',
    );
    expect(mismatch).toMatchObject({
      ruleId: 'claim-mismatch',
      level: 'error',
      message: { text: 'Unexpected `+10.7%`, expected `+46.8%` from (4068.16 / 2771.81 - 1) x 100 (line 389)' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'test/fixtures/seed-pages/qwen3-32b/h100.md' },
            region: { startLine: 22, startColumn: 134 },
          },
        },
      ],
      suppressions: [{ kind: 'inSource', justification: 'the two cells give +46.8%; the upstream page prints +10.7%' }],
    });
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
  });

  it('should have as many results as the text format has lines', () => {
    const reports = checkAll(markdownFiles(SEED_PAGES).map((f) => analyze(readFileSync(f, 'utf8'), relative(ROOT, f), f)));
    expect(log.runs[0].results).toHaveLength(reports.flatMap((r) => r.messages).length);
  });

  it("should validate on the rules' not-ok examples (every rule firing)", () => {
    // Ids the site reports and internal errors no content causes are not findings of `perflab check`.
    for (const rule of rules.filter((r) => !r.index && r.examples.unreachable === undefined)) {
      // A rule about file names gives the name its not-ok page is checked under.
      const path = (rule.examples as { notOkPath?: string }).notOkPath ?? 'not-ok.md';
      const notOk = rule.examples.expand ? rule.examples.expand.page(rule.examples.notOk) : rule.examples.notOk;
      const pages = [analyze(notOk, `examples/${path}`, rule.examples.folder ? join(ROOT, rule.examples.folder, path) : null)];
      if (rule.examples.context !== undefined) pages.push(analyze(rule.examples.context, 'examples/context.md', null));
      const sarif = JSON.parse(formatCi('sarif', checkAll(pages), ROOT));
      expect(errorsOf(sarif), rule.id).toBe('');
      expect(
        sarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === rule.id),
        rule.id,
      ).toBe(true);
    }
  });

  it("should link each rule to its section: helpUri with the config's absolute docsUrl, the relative docs path in the help otherwise", () => {
    const reports = checkAll(markdownFiles(SEED_PAGES).map((f) => analyze(readFileSync(f, 'utf8'), relative(ROOT, f), f)));
    const plain = JSON.parse(formatCi('sarif', reports, ROOT, (id) => ruleDocsUrl(id)));
    const mismatch = plain.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'claim-mismatch');
    // SARIF's helpUri is an absolute URI: a path relative to the repository is only in the help.
    expect(mismatch.helpUri).toBeUndefined();
    expect(mismatch.help.markdown).toContain('[claim-mismatch](docs/rules.md#claim-mismatch)');
    const base = 'https://example.org/perflab/docs/rules.md';
    const absolute = JSON.parse(formatCi('sarif', reports, ROOT, (id) => ruleDocsUrl(id, { docsUrl: base })));
    expect(errorsOf(absolute)).toBe('');
    // The driver's informationUri is absolute too: the rules' documentation, when the config makes it absolute.
    expect(absolute.runs[0].tool.driver.informationUri).toBe(base);
    expect(plain.runs[0].tool.driver.informationUri).toBeUndefined();
    for (const r of absolute.runs[0].tool.driver.rules.filter((x: { id: string }) => rules.some((y) => y.id === x.id)))
      expect(r.helpUri, r.id).toBe(`${base}#${r.id}`);
  });

  it.skipIf(!hasCorpus)('should validate on the corpus pages', () => {
    expect(errorsOf(sarifOf(markdownFiles(CORPUS)))).toBe('');
  });
});
