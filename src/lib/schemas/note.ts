import { z } from 'zod';

/**
 * What a reader of the page set aside while it read, as facts: a line of a result block that is no metric, a
 * block cut short, a profile that is not YAML. The reader records them on the page model and judges nothing; the
 * rule of the same id (one file in `rules/`) turns each into its message.
 */
const at = { line: z.number().int().positive(), column: z.number().int().positive() };

export const noteSchema = z.discriminatedUnion('ruleId', [
  /**
   * A saved result file the page links to that could not be read as one (`reason`: refused, or not JSON), at the
   * link; `file`: its path below the content folder; `at`: the file's line and column and the JSON pointer.
   */
  z.object({
    ruleId: z.literal('saved-result-unreadable'),
    ...at,
    file: z.string(),
    detail: z.string(),
    at: z.object({ line: z.number().int().positive(), column: z.number().int().positive(), pointer: z.string() }).nullable(),
  }),
  /** An object of a saved result file that no saved-result format knows, at the link. */
  z.object({
    ruleId: z.literal('saved-result-unknown'),
    ...at,
    file: z.string(),
    detail: z.string(),
    at: z.object({ line: z.number().int().positive(), column: z.number().int().positive(), pointer: z.string() }),
  }),
  /** A label line (`# BS=4`) with no result block or failure stub after it. */
  z.object({ ruleId: z.literal('benchmark-orphan-label'), ...at, text: z.string() }),
  /** A fence where a result is expected holds none; `first`: its first non-blank line, trimmed (null: empty). */
  z.object({ ruleId: z.literal('benchmark-unparsed'), ...at, first: z.string().nullable() }),
  /** A result block printing lines of several formats, read as `readAs`. */
  z.object({
    ruleId: z.literal('benchmark-mixed-format'),
    ...at,
    blockLine: z.number().int().positive(),
    formats: z.array(z.string()),
    readAs: z.string(),
  }),
  /** A result block without its closing line; `cutBy`: the line that cut it (null: the end of the fence). */
  z.object({
    ruleId: z.literal('benchmark-truncated'),
    ...at,
    blockLine: z.number().int().positive(),
    closer: z.string(),
    cutBy: z.object({ text: z.string(), line: z.number().int().positive() }).nullable(),
  }),
  /** A result block without a metric line. */
  z.object({ ruleId: z.literal('benchmark-empty-block'), ...at, blockLine: z.number().int().positive() }),
  /** A line of a result block that is no metric of its format; `text`: the line, trimmed. */
  z.object({ ruleId: z.literal('benchmark-unknown-metric'), ...at, text: z.string(), label: z.string(), format: z.string() }),
  /** A metric printed again in one block with the same value. */
  z.object({
    ruleId: z.literal('benchmark-duplicate-metric'),
    ...at,
    label: z.string(),
    text: z.string(),
    first: z.object({ text: z.string(), line: z.number().int().positive() }),
  }),
  /** A metric printed again in one block with another value: neither is the run's. */
  z.object({
    ruleId: z.literal('benchmark-ambiguous-metric'),
    ...at,
    label: z.string(),
    text: z.string(),
    first: z.object({ text: z.string(), line: z.number().int().positive() }),
  }),
  /** A metric value that is not what its metric takes (`problem`), as printed (`text`; `detail`: what is wrong with it). */
  z.object({
    ruleId: z.literal('benchmark-bad-value'),
    ...at,
    label: z.string(),
    text: z.string(),
    problem: z.enum(['not-a-number', 'too-precise', 'duration', 'infinite']),
    detail: z.string(),
  }),
  /** Front matter that is not YAML (the parser's first line and code), not a mapping, or a field of the wrong type. */
  z.object({
    ruleId: z.literal('frontmatter-invalid'),
    ...at,
    problem: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('yaml'), detail: z.string(), code: z.string().nullable() }),
      z.object({ kind: z.literal('not-mapping'), actual: z.string() }),
      z.object({ kind: z.literal('field'), field: z.string(), expected: z.string(), raw: z.string() }),
    ]),
  }),
  /** A benchmark profile (`##### name` + a YAML fence) that is not valid YAML. */
  z.object({ ruleId: z.literal('profile-invalid'), ...at, profile: z.string() }),
]);

export type Note = z.output<typeof noteSchema>;
export type NoteOf<K extends Note['ruleId']> = Extract<Note, { ruleId: K }>;

/** The notes of one id, in page order. */
export function notesOf<K extends Note['ruleId']>(notes: readonly Note[], ruleId: K): Array<NoteOf<K>> {
  return notes.filter((n): n is NoteOf<K> => n.ruleId === ruleId);
}
