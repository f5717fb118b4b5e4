import { z } from 'zod';

const text = z.string({ error: 'a non-empty text' }).trim().min(1, 'a non-empty text');

/**
 * The front matter fields perflab reads; each overrides what the page says. Other keys are kept as written.
 * The CLI and the site read front matter through this one schema: an invalid field is reported
 * (`frontmatter-invalid`) and ignored, so no page is dropped later by the report schema.
 */
export const frontmatterFields = {
  /** Page title (overrides the H1). */
  title: text,
  /** Model id (`Qwen/Qwen3-14B`). */
  model: text,
  /** Accelerator name (`H100`). */
  gpu: text,
  /** Number of devices: a positive whole number. */
  gpus: z
    .number({ error: 'a positive whole number' })
    .int('a positive whole number')
    .positive('a positive whole number')
    .max(Number.MAX_SAFE_INTEGER, 'a positive whole number'),
  /** `throughput` or `latency` (any text naming one of them). */
  objective: z
    .string({ error: 'text naming `throughput` or `latency`' })
    .regex(/throughput|latency/i, 'text naming `throughput` or `latency`'),
  /** Page type. */
  kind: z.enum(['report', 'engine-baseline', 'essay'], { error: '`report`, `engine-baseline` or `essay`' }),
} as const;

export const frontmatterSchema = z.looseObject(frontmatterFields).partial();

export type Frontmatter = z.output<typeof frontmatterSchema>;

/** What a field must be, for messages: the first issue of parsing `value` as `field`, or null when valid. */
export function frontmatterIssue(field: keyof typeof frontmatterFields, value: unknown): string | null {
  const r = frontmatterFields[field].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'a valid value');
}
