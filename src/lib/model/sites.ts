import type { Paragraph, Table } from 'mdast';
import type { Experiment } from '../schemas/report.js';

/** A paragraph of prose that may state numbers, with where it sits. */
export interface ProseSite {
  kind: 'prose';
  node: Paragraph;
  /** Heading texts from H2 down to the nearest heading above the node. */
  headings: string[];
  /** Experiment the paragraph belongs to, if any. */
  experiment: Experiment | null;
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
}

/** A claim site: a node of the tree that states numbers, with its structural context. */
export type ClaimSite = ProseSite | TableSite;
