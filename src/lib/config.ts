import { closeSync, existsSync, fstatSync, readFileSync, realpathSync } from 'node:fs';
import { openRegular } from './listing.js';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { documentOf, duplicateKeys, fieldName, keyText, placeAt, syntaxError, type Place } from './config-json.js';
import { rules } from './rules/index.js';
import { closestName } from './suggest.js';
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

const SEVERITIES = ['error', 'warning', 'info', 'off'] as const;
const severitySetting = z.enum(SEVERITIES).describe('"error" fails the check, "warning" and "info" are shown, "off" drops the finding');

/** Severity per message id; the ids are the rule files' (docs/rules.md) and the pipeline's own. */
function rulesSetting() {
  const ids = [...knownMessageIds()].sort();
  return z
    .partialRecord(z.enum(ids as [string, ...string[]]), severitySetting)
    .describe('Severity per rule id (docs/rules.md lists them): "error", "warning", "info" or "off"');
}

const globs = (what: string) => z.array(z.string().min(1)).min(1).describe(what);

/**
 * `perflab.config.json`. Globs are matched against paths relative to the config's folder (`content/**`,
 * `content/legacy/*.md`); an override's rules apply to the files its globs match, after `rules`, in order.
 */
export const configSchema = z.strictObject({
  $schema: z.string().optional().describe('The JSON schema of this file, for editors: "./perflab.config.schema.json"'),
  rules: rulesSetting().optional(),
  overrides: z
    .array(
      z.strictObject({
        files: globs('Globs of the files these rules apply to, relative to the config\'s folder ("content/legacy/**")'),
        rules: rulesSetting(),
      }),
    )
    .optional()
    .describe('Rules for some files only, applied after "rules", in order'),
  ignores: globs('Globs of Markdown files perflab does not check, relative to the config\'s folder ("content/drafts/**")').optional(),
  docsUrl: z
    .string()
    .regex(/^https?:\/\/[^\s/]\S*$/)
    .optional()
    .describe(
      "Absolute URL of the rules page (the repository's docs/rules.md as your host shows it); each message and SARIF rule links to <docsUrl>#<rule-id>",
    ),
});

export type Config = z.infer<typeof configSchema> & {
  /** The folder globs are relative to: the config file's (set by loadConfig); the working directory otherwise. */
  dir?: string;
};

/** A config file that cannot be used: a usage error (exit code 2 in the CLI), with every problem listed. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    /** One line per problem: `file:line:column: "field": what is wrong`. */
    readonly problems: string[],
  ) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** A JSON value in words, for a message: `"warn"`, `a list`, `an object`. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let v = data;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

const KEYS: Record<string, string> = {
  '': '"$schema", "rules", "overrides", "ignores" and "docsUrl"',
  override: '"files" and "rules"',
};

/** One problem of a config: where (its path; `key`: at the key itself rather than its value) and what, in words. */
interface Problem {
  path: (string | number)[];
  text: string;
  key: boolean;
}

/** A schema path of JSON data: its segments are keys and indices (zod types them as any property key). */
const jsonPath = (path: readonly PropertyKey[]): (string | number)[] => path.map((p) => (typeof p === 'symbol' ? String(p) : p));

/** A key of the rules object at `path` that names no rule, shown at the key. */
const notARuleId = (path: (string | number)[], key: string): Problem => {
  // A mistyped rule id: the closest id, when one is a few edits away.
  const near = closestName(key, [...knownMessageIds()]);
  const hint = near ? `; did you mean "${near}"? docs/rules.md lists them` : '; docs/rules.md lists them';
  return { path: [...path, key], text: `"${fieldName([...path, key])}": "${keyText(key)}" is not a rule id${hint}`, key: true };
};

/** The `__proto__` keys of the config's rules objects, which zod 4's records skip without an issue. */
function prototypeKeys(data: unknown): Problem[] {
  const overrides = valueAt(data, ['overrides']);
  const places: (string | number)[][] = [
    ['rules'],
    ...(Array.isArray(overrides) ? overrides.map((_, i) => ['overrides', i, 'rules']) : []),
  ];
  return places
    .filter((path) => {
      const rules = valueAt(data, path);
      return rules !== null && typeof rules === 'object' && Object.hasOwn(rules, '__proto__');
    })
    .map((path) => notARuleId(path, '__proto__'));
}

/** What is wrong at the paths of one issue, in plain words (never zod's own phrasing): one problem per path. */
function problemsOf(issue: z.core.$ZodIssue, data: unknown): Problem[] {
  const path = jsonPath(issue.path);
  const field = fieldName(path);
  const got = shown(valueAt(data, path));
  const inOverride = path[0] === 'overrides' && path.length === 2;
  const at = (text: string, key = false): Problem[] => [{ path, text, key }];
  switch (issue.code) {
    case 'unrecognized_keys': {
      // A rules object takes the rule ids as its keys: each other key is a rule id mistyped, shown at the key.
      if (path[path.length - 1] === 'rules') return issue.keys.map((k) => notARuleId(path, k));
      const keys = issue.keys.map((k) => `"${keyText(k)}"`).join(', ');
      const where = field ? `"${field}" has` : 'the config has';
      const text = `${where} an unknown key ${keys}; the keys are ${KEYS[inOverride ? 'override' : ''] ?? KEYS['']}`;
      return [{ path: [...path, issue.keys[0]!], text, key: true }];
    }
    case 'invalid_value':
      return at(`"${field}" is ${got}; a severity is "error", "warning", "info" or "off"`);
    case 'invalid_type': {
      if (valueAt(data, path) === undefined) return at(`"${field}" is missing`);
      const wanted: Record<string, string> = {
        object: 'an object',
        array: 'a list',
        string: 'a string',
      };
      if (path.length === 0) return at(`the config is ${got}; it should be an object such as { "rules": { "image-missing": "off" } }`);
      if (issue.expected === 'record' || (path.length === 1 && issue.expected === 'object'))
        return at(`"${field}" is ${got}; it should be an object of rule ids to severities`);
      return at(`"${field}" is ${got}; it should be ${wanted[issue.expected] ?? issue.expected}`);
    }
    case 'too_small':
      return at(
        issue.origin === 'array' ? `"${field}" is an empty list; give at least one glob` : `"${field}" is an empty string; give a glob`,
      );
    case 'invalid_format':
    case 'custom':
      return at(`"${field}" is ${got}; it should be an absolute http(s) URL`);
    default:
      return at(`"${field}" is ${got}, which this field does not take`);
  }
}

/** The path of `file` for a message: relative to the working directory when inside it. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * Parse config text (a leading BOM is ignored). Throws ConfigError with one line per problem, each with its line
 * and column: JSON syntax, a key given twice in one object (JSON.parse would keep the last silently), and every
 * path the schema refuses.
 */
export function parseConfig(text: string, file = 'perflab.config.json'): Config {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const name = shownPath(file);
  const line = (p: Place, what: string) => `${name}:${p.line}:${p.column}: ${what}`;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    const e = syntaxError(body, error as Error);
    throw new ConfigError(file, [line(e, e.text)]);
  }
  const problems = duplicateKeys(body).map((d) => line(d, d.text));
  const parsed = configSchema.safeParse(data);
  const refused = [...(parsed.success ? [] : parsed.error.issues.flatMap((issue) => problemsOf(issue, data))), ...prototypeKeys(data)];
  if (refused.length) {
    const doc = documentOf(body);
    // In the file's order (zod gives a record's unknown keys after its values).
    const found = refused
      .map(({ path, text: what, key }) => ({ at: placeAt(body, doc, path, key), what }))
      .sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
    for (const { at, what } of found) problems.push(line(at, what));
  }
  if (problems.length) throw new ConfigError(file, problems);
  return parsed.data as Config;
}

/** The config file that applies in `dir`: `perflab.config.json` there or in the nearest folder above; null if none. */
export function findConfig(dir: string): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const file = join(d, 'perflab.config.json');
    if (existsSync(file)) return file;
    if (existsSync(join(d, 'package.json')) || dirname(d) === d) return null;
  }
}

/** The project's root above `dir`: the nearest folder with package.json (the cache lives there); `dir` if none. */
export function projectRoot(dir: string): string {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return resolve(dir);
  }
}

/**
 * Read the config: `file` when given (`--config`, or PERFLAB_CONFIG, relative to `dir`; it must exist), else `perflab.config.json` in `dir` or the
 * nearest folder above it up to the project's root (the folder with package.json). None is an empty config; a
 * broken one throws ConfigError (options, not content).
 */
export function loadConfig(dir: string, file = process.env.PERFLAB_CONFIG || undefined): Config {
  const path = file ? resolve(dir, file) : findConfig(dir);
  if (!path) return {};
  return { ...parseConfig(readConfigText(path, file ? null : projectRoot(dir)), path), dir: dirname(path) };
}

/** The largest config perflab reads (real ones are a few hundred bytes). */
export const CONFIG_MAX_BYTES = 1 << 20;

/**
 * The text of a config file: a regular file (not a FIFO or a device, which would block or never end), at most
 * CONFIG_MAX_BYTES, and, for the config found in the project (`inside`), a file of the project: one linked from
 * outside is not read, so its keys and values never reach a log. Anything else is a ConfigError by name.
 */
function readConfigText(path: string, inside: string | null): string {
  const fail = (why: string): never => {
    throw new ConfigError(path, [`${shownPath(path)}: ${why}`]);
  };
  if (inside) {
    let target = '';
    let root = '';
    try {
      target = realpathSync(path);
      root = realpathSync(inside);
    } catch {
      // Read below, which says what is wrong.
    }
    const rel = target && root ? relative(root, target) : '';
    if (target && root && (rel.startsWith('..') || isAbsolute(rel))) {
      fail('is a link to a file outside the project; perflab reads the config only from inside the project (or pass --config)');
    }
  }
  let fd: number;
  try {
    fd = openRegular(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(
      code === 'ENOENT'
        ? 'cannot be read (no such file)'
        : code === 'ENOTREG'
          ? 'is not a regular file (a device, a FIFO or a socket)'
          : `cannot be read (${code ?? String(error)})`,
    );
  }
  try {
    const size = fstatSync(fd).size;
    if (size > CONFIG_MAX_BYTES) fail(`is ${size} bytes; a config is at most ${CONFIG_MAX_BYTES} bytes`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

type Matcher = (path: string) => boolean;
const matchers = new WeakMap<
  Config,
  { ignored: Matcher | null; overrides: { match: Matcher; rules: Partial<Record<string, string>> }[] }
>();

function compiled(config: Config) {
  let c = matchers.get(config);
  if (!c) {
    const opts = { dot: true };
    c = {
      ignored: config.ignores?.length ? picomatch(config.ignores, opts) : null,
      overrides: (config.overrides ?? []).map((o) => ({ match: picomatch(o.files, opts), rules: o.rules })),
    };
    matchers.set(config, c);
  }
  return c;
}

/** A file's path as the config's globs see it: relative to the config's folder, with `/`; null outside it. */
function configPath(config: Config, file: string): string | null {
  const rel = relative(config.dir ?? process.cwd(), resolve(file));
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** Whether the config's `ignores` globs match a file. */
export function isIgnored(config: Config, file: string): boolean {
  const { ignored } = compiled(config);
  if (!ignored) return false;
  const path = configPath(config, file);
  return path !== null && ignored(path);
}

/** The severities that apply to one file: `rules`, then each override whose globs match it. */
export function rulesFor(config: Config, file: string): Partial<Record<string, Severity | 'off'>> {
  const { overrides } = compiled(config);
  const base = config.rules ?? {};
  if (overrides.length === 0) return base;
  const path = configPath(config, file);
  const out: Partial<Record<string, Severity | 'off'>> = { ...base };
  if (path !== null) for (const o of overrides) if (o.match(path)) Object.assign(out, o.rules);
  return out;
}

/** Set each message's severity from the config (per file, overrides included); `off` removes it, as does an ignored file. */
export function applyConfig(messages: readonly Message[], config: Config): Message[] {
  const out: Message[] = [];
  const byFile = new Map<string, { rules: Partial<Record<string, Severity | 'off'>>; ignored: boolean }>();
  for (const m of messages) {
    let f = byFile.get(m.file);
    if (!f) byFile.set(m.file, (f = { rules: rulesFor(config, m.file), ignored: isIgnored(config, m.file) }));
    if (f.ignored) continue;
    const level = Object.hasOwn(f.rules, m.ruleId) ? f.rules[m.ruleId] : undefined;
    if (level === 'off') continue;
    out.push(level ? { ...m, severity: level } : m);
  }
  return out;
}

/** Where a rule is documented: `<docsUrl>#<id>`, or the repository's `docs/rules.md#<id>` (relative to its root). */
export function ruleDocsUrl(id: string, config: Pick<Config, 'docsUrl'> = {}): string {
  return `${config.docsUrl ?? 'docs/rules.md'}#${id}`;
}

/** What `perflab check --print-config <file>` prints: the settings that apply to one file, and where they come from. */
export interface FileSettings {
  /** The file asked about, as given. */
  file: string;
  /** The config file read, relative to the working directory; null when none applies. */
  config: string | null;
  /** Whether the config's `ignores` leave the file unchecked. */
  ignored: boolean;
  /** Every registered rule's severity for the file (its default, then `rules`, then the matching overrides), by id. */
  rules: Record<string, Severity | 'off'>;
  /** Where the messages link a rule: `<docsUrl>#<rule-id>`. */
  docsUrl: string;
}

/** The settings that apply to `file` under the config found from `dir` (or `file` given as `--config`). */
export function settingsFor(file: string, dir: string, configFile = process.env.PERFLAB_CONFIG || undefined): FileSettings {
  const config = loadConfig(dir, configFile);
  const path = configFile ? resolve(dir, configFile) : findConfig(dir);
  const set = rulesFor(config, file);
  const all: Record<string, Severity | 'off'> = {};
  for (const id of [...new Set([...rules.map((r) => r.id), ...Object.keys(set)])].sort()) {
    all[id] = set[id] ?? rules.find((r) => r.id === id)?.severity ?? 'error';
  }
  return {
    file,
    config: path ? shownPath(path) : null,
    ignored: isIgnored(config, file),
    rules: all,
    docsUrl: config.docsUrl ?? 'docs/rules.md',
  };
}
