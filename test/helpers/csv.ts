// An RFC 4180 reader for the tests: quoted cells may hold commas, quotes and line breaks; a row ends at LF or CRLF.

/** The rows of a CSV text, each a list of cells. */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else if (c === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return out;
}

/** The rows after the header as records of named cells. */
export function csvRecords(text: string): Record<string, string>[] {
  const [head, ...body] = parseCsv(text);
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}
