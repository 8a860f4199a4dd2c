/**
 * RFC 4180 CSV reader that remembers on which line each row starts, so the importer can point
 * at the exact line of a bad row even when quoted fields span lines.
 */

export interface CsvRow {
  /** 1-based line number in the file where the row starts. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseCsv(text: string): CsvRow[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let line = 1;
  let rowLine = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let quoteOpenedOn = 0;
  let afterQuote = false;
  let rowHasContent = false;

  const endField = () => {
    fields.push(field);
    field = '';
    afterQuote = false;
  };
  const endRow = () => {
    endField();
    // A blank line is not a row; a row of empty fields written as ",," is.
    if (rowHasContent || fields.length > 1) rows.push({ line: rowLine, fields });
    fields = [];
    rowHasContent = false;
  };

  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === ',') {
      endField();
      rowHasContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else if (c === '"') {
      if (field !== '' || afterQuote)
        throw new CsvSyntaxError(line, 'a quote (") appears inside an unquoted field; quote the whole field and double inner quotes');
      quoted = true;
      quoteOpenedOn = line;
      rowHasContent = true;
    } else {
      if (afterQuote) throw new CsvSyntaxError(line, 'text follows a closing quote; double the quote ("") to include one');
      field += c;
      rowHasContent = true;
    }
  }
  if (quoted) throw new CsvSyntaxError(quoteOpenedOn, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0 || rowHasContent) endRow();
  return rows;
}
