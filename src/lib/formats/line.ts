/** One line of a fence, located in the original file. */
export interface SourceLine {
  /** The line without its `\r` remnant. */
  text: string;
  /** 1-based file line. */
  line: number;
  /** 1-based file column of `text[0]`. */
  column: number;
}
