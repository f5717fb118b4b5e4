/**
 * Locale-independent text order: compares UTF-16 code units, so output is byte-identical whatever `LANG`
 * says (`localeCompare` orders differently under `en_US` and `da_DK`). Use it for every sort of content text.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
