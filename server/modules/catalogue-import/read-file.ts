import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse } from "csv-parse";
import { ShopError } from "../../lib/shop-error.ts";
import { IMPORT_COLUMNS, REQUIRED_COLUMNS, type ImportColumn } from "./columns.ts";
import { ROWS_PER_TURN } from "./turns.ts";

/*
 * A catalogue file as lines of cells (ADR 70). csv-parse reads it (quotes, line breaks inside
 * quotes, a byte order mark), record by record, so a large file is never held twice as parsed rows
 * and the event loop serves other requests between chunks. What is not CSV text is refused as a
 * whole; a line that is bad on its own (not UTF-8, a wrong number of cells) is refused alone.
 */

export interface FileLine {
  /** The line's row in the file as a spreadsheet shows it (the header is 1, empty rows count). */
  line: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** Why the line cannot be read at all; its cells are then empty. */
  unreadable: string | null;
}

/** What a file that is not text begins with, for a refusal that says what it is. */
const SIGNATURES: [number[], string][] = [
  [[0x50, 0x4b, 0x03, 0x04], "a spreadsheet workbook or a ZIP archive (in the spreadsheet, save or export it as CSV UTF-8)"],
  [[0xd0, 0xcf, 0x11, 0xe0], "an old Excel workbook (in the spreadsheet, save it as CSV UTF-8)"],
  [[0x25, 0x50, 0x44, 0x46], "a PDF document"],
  [[0x89, 0x50, 0x4e, 0x47], "a PNG image"],
  [[0xff, 0xd8, 0xff], "a JPEG image"],
];

/** The file's text: UTF-8 (with or without a byte order mark); bytes that are not become U+FFFD, refused per line. */
export function fileText(bytes: Uint8Array): string {
  const known = SIGNATURES.find(([start]) => start.every((byte, index) => bytes[index] === byte));
  if (known) throw new ShopError("IMPORT_NOT_CSV", `This file is not CSV text: it is ${known[1]}.`);
  if (bytes.includes(0)) {
    throw new ShopError("IMPORT_NOT_CSV", "This file is not CSV text (it holds binary data). Export the sheet as CSV (UTF-8).");
  }
  return new TextDecoder("utf-8").decode(bytes);
}

/**
 * The file's delimiter, from its header line: a semicolon where the spreadsheet writes decimal
 * commas (much of Europe), else a comma. The header holds no amounts, only the column names.
 */
export function delimiterOf(text: string): "," | ";" {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const outside = header.replace(/"[^"]*"/g, "");
  const count = (char: string) => outside.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** A header cell as the import compares it: case and surrounding spaces do not matter. */
const headerKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
const COLUMN_OF = new Map<string, ImportColumn>(IMPORT_COLUMNS.map((column) => [headerKey(column), column]));

/** The header's columns, checked: the required ones present, none unknown or twice. */
function columnsOf(header: string[]): (ImportColumn | null)[] {
  const columns = header.map((name) => COLUMN_OF.get(headerKey(name)) ?? null);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new ShopError(
      "IMPORT_NOT_CSV",
      `The file has no ${missing.join(" or ")} column. The first line must name the columns, as the products CSV export does.`,
      { details: { missing } },
    );
  }
  const twice = columns.filter((column, index) => column !== null && columns.indexOf(column) !== index);
  if (twice.length > 0) throw new ShopError("IMPORT_NOT_CSV", `The column ${twice[0]} appears twice.`);
  // Columns the import does not read (Image addresses, or a user's own notes) are left alone.
  return columns;
}

const SLICE = 64 * 1024;

function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length; start += SLICE) yield text.slice(start, start + SLICE);
}

/**
 * A cell the export guarded against formulas (a leading apostrophe before =, +, -, @, a tab or a
 * carriage return, ADR 60) reads back as it was.
 */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Every line after the header, in order. IMPORT_NOT_CSV for a file without the columns or that is not CSV. */
export async function* fileLines(text: string): AsyncGenerator<FileLine> {
  // Fed in slices, not at once: a parser given the whole text reads it all in one turn.
  // Empty lines are read (not skipped by the parser) so that each line's number is the row a
  // spreadsheet shows it on: the header is row 1, and a cell with a line break is one row.
  const parser = Readable.from(slices(text)).pipe(parse({ bom: true, relax_column_count: true, delimiter: delimiterOf(text) }));
  let columns: (ImportColumn | null)[] | null = null;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      // A turn of the event loop every ROWS_PER_TURN records: other requests are served while a file is read.
      if (++row % ROWS_PER_TURN === 0) await nextTurn();
      if (record.length === 1 && record[0]!.trim() === "") continue;
      if (columns === null) {
        columns = columnsOf(record);
        continue;
      }
      const line = row;
      if (record.length !== columns.length) {
        yield { line, cells: {}, unreadable: `This line has ${record.length} cells where the header names ${columns.length}.` };
        continue;
      }
      if (record.some((cell) => cell.includes("\uFFFD"))) {
        yield { line, cells: {}, unreadable: "This line is not UTF-8 text. Save the file as CSV (UTF-8)." };
        continue;
      }
      const cells: Partial<Record<ImportColumn, string>> = {};
      columns.forEach((column, index) => {
        if (column !== null) cells[column] = unguarded(record[index]!.trim());
      });
      yield { line, cells, unreadable: null };
    }
  } catch (error) {
    if (error instanceof ShopError) throw error;
    // csv-parse's own errors name the line: an unclosed quote, a stray quote in an unquoted cell.
    throw new ShopError("IMPORT_NOT_CSV", `This file is not CSV the shop can read: ${(error as Error).message}`);
  } finally {
    // A reader that stops early (the upload's glance at the header) ends the parser.
    parser.destroy();
  }
  if (columns === null) throw new ShopError("IMPORT_NOT_CSV", "The file is empty.");
}
