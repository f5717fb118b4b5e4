// The explorer's answer to its question (a model on an accelerator under a workload): the runs grouped into one
// point set per engine configuration, each labelled with its engine, its role on its page and the launch options
// that set it apart from the page's baseline (`run.setup.flags`), and the best configuration under a latency bound.
// Pure functions, shared by the page's script and the tests.
import { bestUnder, isGreyed, type Point } from './state.js';
import type { RunRow } from './types.js';

export interface Series<P extends Point = Point> {
  /** What tells this configuration apart (report, engine, version, precision, parallelism, role, flags). */
  key: string;
  /** `SGLang 0.5.2 · optimized · --attention-backend=fa3`: the flags other configurations of its engine do not all share. */
  label: string;
  /** Engine and version as shown (`SGLang 0.5.2`). */
  engine: string;
  /** Flags every configuration of its engine here that sets flags sets, left out of the label (none when fewer than two set any). */
  shared: string[];
  points: P[];
  /** Its highest throughput per GPU under the bound, failed and flagged runs left out; null when none qualifies. */
  best: P | null;
  /** Every run of it failed or is flagged. */
  greyed: boolean;
}

const engineText = (r: RunRow) => (r.engine ? (r.version ? `${r.engine} ${r.version}` : r.engine) : 'engine not stated');

/** Parts of a row's configuration, in label order; `differs` names the optional ones that vary across the rows. */
function parts(r: RunRow, flags: string[], differs: { report: boolean; precision: boolean; parallelism: boolean }): string[] {
  return [
    engineText(r),
    differs.precision ? (r.precision ?? 'precision not stated') : null,
    differs.parallelism ? (r.parallelism ?? 'parallelism not stated') : null,
    r.role,
    flags.length > 0 ? flags.join(' ') : null,
    differs.report ? r.report : null,
  ].filter((p): p is string => !!p);
}

/**
 * Per engine, the flags every one of its configurations that sets flags sets, when there are two or more such: a
 * configuration without flags (its page's baseline launch) does not stop the others' common flags being said once.
 */
function sharedFlags(firsts: readonly RunRow[]): Map<string, Set<string>> {
  const byEngine = new Map<string, RunRow[]>();
  for (const r of firsts) if (r.flags.length > 0) byEngine.set(engineText(r), [...(byEngine.get(engineText(r)) ?? []), r]);
  const out = new Map<string, Set<string>>();
  for (const [engine, list] of byEngine) {
    if (list.length < 2) continue;
    const common = new Set(list[0].flags);
    for (const r of list.slice(1)) for (const f of common) if (!r.flags.includes(f)) common.delete(f);
    out.set(engine, common);
  }
  return out;
}

/**
 * The points grouped by configuration: one set per report, engine and version, precision, parallelism, role and
 * flags (runs of one configuration at the question's load are one set). The label names precision, parallelism and report
 * only when they vary among the points, and the flags that differ among its engine's configurations (those all of
 * them set are in `shared`). Sets come by best throughput per GPU under `limit` (highest first), those
 * with none last.
 */
export function seriesOf<P extends Point>(points: readonly P[], limit: number | null): Series<P>[] {
  const vary = (f: (r: RunRow) => unknown) => new Set(points.map((p) => f(p.row))).size > 1;
  const differs = { report: vary((r) => r.report), precision: vary((r) => r.precision), parallelism: vary((r) => r.parallelism) };
  const groups = new Map<string, P[]>();
  for (const p of points) {
    const r = p.row;
    const key = JSON.stringify([r.report, r.engine, r.version, r.precision, r.parallelism, r.role, r.flags]);
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  const shared = sharedFlags([...groups.values()].map((pts) => pts[0].row));
  const series = [...groups].map(([key, pts]): Series<P> => {
    const sorted = [...pts].sort((a, b) => a.x - b.x || b.y - a.y);
    const r = sorted[0].row;
    const common = shared.get(engineText(r)) ?? new Set<string>();
    return {
      key,
      engine: engineText(r),
      label: parts(
        r,
        r.flags.filter((f) => !common.has(f)),
        differs,
      ).join(' · '),
      shared: r.flags.filter((f) => common.has(f)),
      points: sorted,
      best: bestUnder(
        sorted.filter((p) => !isGreyed(p.row)),
        limit,
      ),
      greyed: sorted.every((p) => isGreyed(p.row)),
    };
  });
  return series.sort((a, b) => (b.best?.y ?? -Infinity) - (a.best?.y ?? -Infinity) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/** The answer: the best of the sets' bests (the highest throughput per GPU under the bound), or null. */
export function bestSeries<P extends Point>(series: readonly Series<P>[]): Series<P> | null {
  return series.find((s) => s.best !== null) ?? null;
}
