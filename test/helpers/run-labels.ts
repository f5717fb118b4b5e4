// The hand labels of test/fixtures/run-labels (what each run on the real pages was), their shape, and how a run's
// setup as perflab publishes it (the explorer's row, the runs.csv columns) is scored against them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { runSetupSchema } from '../../src/lib/schemas/setup.js';
import { SEED_PAGES, CORPUS } from './pages.js';

export const LABELS = join(import.meta.dirname, '..', 'fixtures', 'run-labels');

const count = z.number().int().nonnegative();

/** One run's setup as a careful reader of the page states it: the run model's setup without its evidence lines and its status in words. */
export const labelledSetupSchema = runSetupSchema.omit({ evidence: true, statusReason: true }).strict();

export const labelledRunSchema = z
  .object({
    line: count,
    alsoAt: z.array(count).optional(),
    setup: labelledSetupSchema,
    evidence: z.record(z.string(), z.array(count)),
    note: z.string().optional(),
  })
  .strict();

export const labelledPageSchema = z
  .object({
    page: z.string().regex(/^(content|corpus):.+\.md$/),
    runs: z.array(labelledRunSchema),
    /** Why the page has the runs it has, where that needed judgement (a page with none says why). */
    note: z.string().optional(),
  })
  .strict();

export type LabelledSetup = z.output<typeof labelledSetupSchema>;
export type LabelledPage = z.output<typeof labelledPageSchema>;
export type Field = keyof LabelledSetup;

export const FIELDS = Object.keys(labelledSetupSchema.shape) as Field[];

/** Every label file, parsed; a file that does not parse throws with its name (a broken fixture, not content). */
export function labelledPages(): { file: string; labels: LabelledPage; source: string | null }[] {
  return readdirSync(LABELS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = labelledPageSchema.safeParse(JSON.parse(readFileSync(join(LABELS, file), 'utf8')));
      if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      const path = pagePath(parsed.data.page);
      return { file, labels: parsed.data, source: existsSync(path) ? readFileSync(path, 'utf8') : null };
    });
}

/** `corpus:qwen3-14b/a100.md` -> its file. */
export function pagePath(page: string): string {
  const [root, rest] = [page.slice(0, page.indexOf(':')), page.slice(page.indexOf(':') + 1)];
  return join(root === 'content' ? SEED_PAGES /* `content:` names a seed page */ : CORPUS, rest);
}

/** Whether a run's setup states a field as the label does: the same value (a model id in any case), or both null. */
export function agrees(field: Field, label: unknown, value: unknown): boolean {
  if (label === null) return value === null || value === undefined;
  if (value === null || value === undefined) return false;
  if (field === 'model') return String(label).toLowerCase() === String(value).toLowerCase();
  return JSON.stringify(label) === JSON.stringify(value);
}
