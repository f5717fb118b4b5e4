/** CI output formats for `perflab check`: `github` (workflow annotations) and `sarif` (code scanning). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rules } from '../rules/index.js';
import type { Report } from '../schemas/report.js';
import type { Message } from '../schemas/message.js';
import { compareText } from '../order.js';
import { formatMessage, statusOf } from '../diagnostics.js';
import { formatGithub } from './github.js';
import { toSarif } from './sarif.js';

export const CI_FORMATS = ['github', 'sarif'] as const;
export type CiFormat = (typeof CI_FORMATS)[number];

export function isCiFormat(format: string): format is CiFormat {
  return (CI_FORMATS as readonly string[]).includes(format);
}

/** perflab's version, from the nearest `package.json` named perflab above this module (source or bundle). */
export function toolVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === 'perflab' && pkg.version) return pkg.version;
      } catch {
        // not ours; keep looking
      }
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

/** Messages of all reports in the CLI's order (file, line, column, rule id). */
export function sortedMessages(reports: readonly Report[]): Message[] {
  return reports
    .flatMap((r) => r.messages)
    .sort((a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.ruleId, b.ruleId));
}

/**
 * `perflab check --quiet`: the unacknowledged errors only, one line each. Chosen by status, not by reading the
 * printed lines back (a message with a line break in it lost its second half; a warning quoting "error" was kept).
 */
export function quietOutput(reports: readonly Report[]): string {
  return sortedMessages(reports)
    .filter((m) => statusOf(m) === 'error')
    .map(formatMessage)
    .join('\n');
}

/** The findings of checked reports in a CI format, paths relative to `cwd`; `docsUrl` links each SARIF rule. */
export function formatCi(format: CiFormat, reports: readonly Report[], cwd: string, docsUrl?: (id: string) => string): string {
  const messages = sortedMessages(reports);
  if (format === 'github') return formatGithub(messages, cwd);
  return JSON.stringify(toSarif(messages, { name: 'perflab', version: toolVersion(), rules, docsUrl }, cwd), null, 2);
}

/** `perflab check --format github|sarif`: the findings of the checked reports in that format. */
export const ciOutput = formatCi;
