import type { Code, Heading, Paragraph, Table } from 'mdast';
import type { Experiment } from '../schemas/report.js';

/** A paragraph of prose that may state numbers, with where it sits. */
export interface ProseSite {
  kind: 'prose';
  node: Paragraph;
  /** Heading texts from H2 down to the nearest heading above the node. */
  headings: string[];
  /** Experiment the paragraph belongs to, if any. */
  experiment: Experiment | null;
  /** The paragraph's source text, taken once when the page is read (`withTexts`), and its offset in the page. */
  text: string;
  base: number;
}

/** A table that may state numbers, with where it sits. */
export interface TableSite {
  kind: 'table';
  node: Table;
  headings: string[];
  /** `conclusion` and `summary` tables of the report skeleton; `other` for any other table. */
  role: 'conclusion' | 'summary' | 'other';
  /**
   * A table split in two or more: the first part, when this table repeats its header right after it in the same
   * section (nothing stated in between); null for a table that stands alone or starts the run of parts.
   */
  continues: Table | null;
  /** The later parts of this table (tables that continue it), in page order. */
  parts: Table[];
  /** The table's source text up to the end of its last part, taken once when the page is read, and its offset. */
  text: string;
  base: number;
}

/**
 * A plain fence (no language, or `text`) that is neither output nor a command: arithmetic worked out line by line
 * (`Difference = 423.93 - 73.14 = 350.79 ms`), each result judged on the expression before it.
 */
export interface WorkedSite {
  kind: 'worked';
  node: Code;
  headings: string[];
  text: string;
  base: number;
}

/** A heading, which may state an order of runs (`A throughput lower than B`): read by the order kind only. */
export interface HeadingSite {
  kind: 'heading';
  node: Heading;
  headings: string[];
  text: string;
  base: number;
}

/** A claim site: a node of the tree that states numbers, with its structural context. */
export type ClaimSite = ProseSite | TableSite | WorkedSite | HeadingSite;

/**
 * Each site's source text, taken once from the page's text when it is read: what the claim parsers and the placing
 * of claims read afterwards, never the page's raw text.
 */
export function withTexts(sites: readonly ClaimSite[], source: string): void {
  for (const site of sites) {
    const start = site.node.position?.start.offset ?? 0;
    let end = site.node.position?.end.offset ?? start;
    if (site.kind === 'table') for (const part of site.parts) end = Math.max(end, part.position?.end.offset ?? end);
    site.text = source.slice(start, end);
    site.base = start;
  }
}
