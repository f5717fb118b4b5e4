import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { rules } from './rules/index.js';
import type { Message, Severity } from './schemas/message.js';

/**
 * Message ids the pipeline reports itself (parser, page model, formats, acknowledgements, CLI), besides the
 * registered rules. A config may set their severity too; any other id is a typo and is refused.
 */
export const PIPELINE_MESSAGE_IDS: readonly string[] = [
  'acknowledgement-unused',
  'admonition-empty',
  'admonition-flattened',
  'benchmark-bad-value',
  'benchmark-duplicate-metric',
  'benchmark-empty-block',
  'benchmark-orphan-label',
  'benchmark-truncated',
  'benchmark-unknown-metric',
  'benchmark-unparsed',
  'frontmatter-invalid',
  'model-internal-error',
  'page-too-large',
  'parse-internal-error',
  'profile-invalid',
  'rule-internal-error',
  'table-no-blank-line',
  'table-too-large',
  'verify-internal-error',
];

/** Every id a config may name: the registered rules and the pipeline's own messages. */
export function knownMessageIds(): Set<string> {
  return new Set([...rules.map((r) => r.id), ...PIPELINE_MESSAGE_IDS]);
}

const levelSchema = z.enum(['error', 'warning', 'info', 'off'], {
  errorMap: (_issue, ctx) => ({ message: `expected "error", "warning", "info" or "off", got ${JSON.stringify(ctx.data)}` }),
});

/** `perflab.config.json`: `{ "rules": { "<rule-id>": "error" | "warning" | "info" | "off" } }`; no other key. */
export const configSchema = z
  .object({
    rules: z
      .record(
        z.string().refine(
          (id) => knownMessageIds().has(id),
          (id) => ({ message: `unknown rule id "${id}"; see docs/rules.md for the rule ids` }),
        ),
        levelSchema,
        {
          errorMap: (issue, ctx) =>
            issue.code === 'invalid_type'
              ? { message: `expected an object of rule ids to severities, got ${JSON.stringify(ctx.data)}` }
              : { message: ctx.defaultError },
        },
      )
      .optional(),
  })
  .strict();

export type Config = { rules?: Record<string, Severity | 'off'> };

/** A config file that cannot be used: a usage error (exit code 2 in the CLI), with every problem listed. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parse config text (a leading BOM is ignored); throws ConfigError with clear messages. */
export function parseConfig(text: string, file = 'perflab.config.json'): Config {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    throw new ConfigError(file, [`not valid JSON (${(error as Error).message})`]);
  }
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) {
    throw new ConfigError(
      file,
      parsed.error.issues.map((i) => {
        if (i.code === 'unrecognized_keys')
          return `unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}; the only key is "rules"`;
        if (i.code === 'invalid_type' && i.path.length === 0)
          return `expected an object such as { "rules": { "image-missing": "off" } }, got ${i.received}`;
        const where = i.path.length ? `"${i.path.join('.')}": ` : '';
        return `${where}${i.message}`;
      }),
    );
  }
  return parsed.data as Config;
}

/** Read `perflab.config.json` from a folder; a missing file is an empty config, a broken one throws ConfigError (options, not content). */
export function loadConfig(dir: string): Config {
  const file = join(dir, 'perflab.config.json');
  if (!existsSync(file)) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(file, [`cannot be read (${(error as Error).message})`]);
  }
  return parseConfig(text, file);
}

/** Set each message's severity from the config; `off` removes it. */
export function applyConfig(messages: readonly Message[], config: Config): Message[] {
  const rules = config.rules ?? {};
  const out: Message[] = [];
  for (const m of messages) {
    const level = Object.hasOwn(rules, m.ruleId) ? rules[m.ruleId] : undefined;
    if (level === 'off') continue;
    out.push(level ? { ...m, severity: level } : m);
  }
  return out;
}
