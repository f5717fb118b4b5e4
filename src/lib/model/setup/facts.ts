// The fields of one run's setup as they are read, each with the lines it was read from; the first source that
// states a field wins (the readers run from the run's own lines outwards to the page's general sections).
import type { RunSetup, SetupField } from '../../schemas/setup.js';

type Values = Omit<RunSetup, 'evidence' | 'statusReason'>;

export class Facts {
  private readonly values: Partial<Values> = {};
  private readonly lines: Partial<Record<SetupField, number[]>> = {};

  /** Set a field not set yet, with the lines it comes from; a `null` or `undefined` value sets nothing. */
  set<F extends keyof Values>(field: F, value: Values[F] | null | undefined, ...lines: Array<number | null | undefined>): void {
    if (value === null || value === undefined || this.values[field] !== undefined) return;
    this.values[field] = value;
    const known = lines.filter((l): l is number => typeof l === 'number' && l > 0);
    this.lines[field] = [...new Set(known)].sort((a, b) => a - b);
  }

  get<F extends keyof Values>(field: F): Values[F] | null {
    return (this.values[field] as Values[F] | undefined) ?? null;
  }

  has(field: keyof Values): boolean {
    return this.values[field] !== undefined;
  }

  /** The setup: every field the readers did not set is `null` (the page does not say). */
  setup(status: RunSetup['status'], statusReason: string | null = null): RunSetup {
    const v = this.values;
    return {
      model: v.model ?? null,
      engine: v.engine ?? null,
      engineVersion: v.engineVersion ?? null,
      accelerator: v.accelerator ?? null,
      acceleratorCount: v.acceleratorCount ?? null,
      precision: v.precision ?? null,
      parallelism: v.parallelism ?? null,
      dataset: v.dataset ?? null,
      inputLength: v.inputLength ?? null,
      outputLength: v.outputLength ?? null,
      maxConcurrency: v.maxConcurrency ?? null,
      requestRate: v.requestRate ?? null,
      numPrompts: v.numPrompts ?? null,
      role: v.role ?? null,
      flags: v.flags ?? null,
      status,
      statusReason,
      evidence: Object.fromEntries(Object.entries(this.lines).filter(([, l]) => l.length > 0)),
    };
  }
}
