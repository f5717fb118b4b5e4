import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message, Severity } from './schemas/message.js';

/** `perflab.config.json`: `{ "rules": { "<rule-id>": "error" | "warning" | "info" | "off" } }`. */
export interface Config {
  rules?: Record<string, Severity | 'off'>;
}

/** Read `perflab.config.json` from a folder; a missing file is an empty config, a broken one throws (options, not content). */
export function loadConfig(dir: string): Config {
  const file = join(dir, 'perflab.config.json');
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Config;
    for (const [rule, level] of Object.entries(data.rules ?? {})) {
      if (!['error', 'warning', 'info', 'off'].includes(level)) {
        throw new Error(`rule "${rule}" has severity "${level}"; use error, warning, info or off`);
      }
    }
    return data;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** Set each message's severity from the config; `off` removes it. */
export function applyConfig(messages: readonly Message[], config: Config): Message[] {
  const rules = config.rules ?? {};
  const out: Message[] = [];
  for (const m of messages) {
    const level = rules[m.ruleId];
    if (level === 'off') continue;
    out.push(level ? { ...m, severity: level } : m);
  }
  return out;
}
