// What links from other pages can point at on a page (its heading slugs, run and metric-line ids, claim ids), kept
// for every page of a load and copied to the helper thread. As a Set each page's few hundred ids took about 47 KB (470
// MB at 10,000 reports, twice over with the helper's copy); packed into one string they take the ids' characters.
// A renderer asks only whether an id is there, for the links of the page it renders.

/** The ids, one string: each between newlines (an id never holds one: slugs and ids are single-line). */
export function packIds(ids: Iterable<string>): string {
  let out = '\n';
  for (const id of ids) if (!id.includes('\n')) out += `${id}\n`;
  return out;
}

/** Whether a packed list holds `id`. */
export const packedHas = (packed: string, id: string): boolean => !id.includes('\n') && packed.includes(`\n${id}\n`);

/** A packed list as the renderer reads it. */
export const packedIds = (packed: string): { has(id: string): boolean } => ({ has: (id) => packedHas(packed, id) });
