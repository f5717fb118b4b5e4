/**
 * `--format sarif`: a SARIF 2.1.0 log (one run) for code-scanning services. Rule metadata comes from the
 * registered rule files (id, description, formula, default severity); findings from ids that are not rule files
 * (parser diagnostics such as `benchmark-unparsed`) get a rule entry that says so. Acknowledged findings are
 * results with an in-source suppression carrying the author's reason.
 */
import type { Message, Severity } from '../schemas/message.js';
import type { Rule } from '../rules/types.js';
import { relativePosix } from './paths.js';

/** The schema URI of SARIF 2.1.0 as published by OASIS (errata 01). */
export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

type Level = 'error' | 'warning' | 'note';
const LEVEL: Record<Severity, Level> = { error: 'error', warning: 'warning', info: 'note' };

/** What the SARIF writer needs to know about the tool. */
export interface SarifTool {
  name: string;
  version: string;
  /** The registered rules (their files are the documentation). */
  rules: readonly Pick<Rule, 'id' | 'severity' | 'description' | 'formula' | 'fix'>[];
  /** Where a rule is documented (`docs/rules.md#id`, or an absolute URL from the config's `docsUrl`). */
  docsUrl?: (id: string) => string;
}

export interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: Level };
  /** SARIF wants an absolute URI here: set only when the docs URL is one (the config's `docsUrl`). */
  helpUri?: string;
}

/** `helpUri` of a rule when its docs URL is absolute; a relative one stays in the help text only. */
function helpUri(id: string, docsUrl: SarifTool['docsUrl']): { helpUri?: string } {
  const url = docsUrl?.(id);
  return url && /^https?:\/\//.test(url) ? { helpUri: url } : {};
}

/**
 * The driver's `informationUri` (absolute, as SARIF wants): the rules' documentation when the config's `docsUrl`
 * makes it absolute; left out otherwise (perflab does not guess a host).
 */
function informationUri(docsUrl: SarifTool['docsUrl']): { informationUri?: string } {
  const url = docsUrl?.('')?.replace(/#$/, '');
  return url && /^https?:\/\//.test(url) ? { informationUri: url } : {};
}

function ruleEntry(rule: SarifTool['rules'][number], docsUrl?: SarifTool['docsUrl']): SarifRule {
  const doc = docsUrl?.(rule.id) ?? `docs/rules.md#${rule.id}`;
  const formula = rule.formula ? ` Formula and tolerance: ${rule.formula}.` : '';
  const ack = `${rule.fix} To keep it as is, acknowledge it with \`<!-- perflab-ignore ${rule.id}: reason -->\` on its line.`;
  return {
    id: rule.id,
    shortDescription: { text: rule.description },
    fullDescription: { text: `${rule.description}${formula}` },
    help: {
      text: `${rule.description}${formula} ${ack} See ${doc}.`,
      markdown: `${rule.description}${formula}\n\n${ack}\n\nSee [${rule.id}](${doc}).`,
    },
    defaultConfiguration: { level: LEVEL[rule.severity] },
    ...helpUri(rule.id, docsUrl),
  };
}

function unregisteredRule(id: string, severity: Severity): SarifRule {
  const text = `Reported by perflab's parser or pipeline (\`${id}\`), not by a rule file.`;
  return {
    id,
    shortDescription: { text },
    fullDescription: { text },
    help: { text, markdown: text },
    defaultConfiguration: { level: LEVEL[severity] },
  };
}

/** Percent-encode each path segment so the URI reference is valid (spaces, `#`, `%`). */
function uri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The SARIF log for a set of messages, paths relative to `cwd`. */
export function toSarif(messages: readonly Message[], tool: SarifTool, cwd: string) {
  const rules: SarifRule[] = tool.rules.map((r) => ruleEntry(r, tool.docsUrl));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const all = messages;
  for (const m of all) {
    if (!index.has(m.ruleId)) {
      index.set(m.ruleId, rules.length);
      rules.push(unregisteredRule(m.ruleId, m.severity));
    }
  }
  const results = all.map((m) => ({
    ruleId: m.ruleId,
    ruleIndex: index.get(m.ruleId)!,
    level: LEVEL[m.severity],
    message: { text: m.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: uri(relativePosix(m.file, cwd)) },
          region: { startLine: m.line, startColumn: m.column },
        },
      },
    ],
    ...(m.cause
      ? {
          relatedLocations: [
            {
              id: 0,
              message: {
                text: m.cause.note
                  ? `the raw run line behind the number; tolerance: ${m.cause.note}`
                  : 'the raw run line behind the number',
              },
              physicalLocation: { artifactLocation: { uri: uri(relativePosix(m.cause.file, cwd)) }, region: { startLine: m.cause.line } },
            },
          ],
        }
      : {}),
    ...(m.acknowledged
      ? { suppressions: [{ kind: 'inSource' as const, status: 'accepted' as const, justification: m.acknowledged.reason }] }
      : {}),
  }));
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0' as const,
    runs: [{ tool: { driver: { name: tool.name, version: tool.version, ...informationUri(tool.docsUrl), rules } }, results }],
  };
}
