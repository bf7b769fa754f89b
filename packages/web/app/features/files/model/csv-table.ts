import Papa from 'papaparse';

/** Rows a table preview shows at most: enough to judge the data, few enough for a phone. */
export const TABLE_PREVIEW_ROWS = 100;

/** The start of a delimited text file as a table. */
export interface CsvTable {
  /** The first row, taken as the column names. */
  header: string[];
  /** The rows after the header (at most `TABLE_PREVIEW_ROWS`), each as long as the header. */
  rows: string[][];
  /** The delimiter found: `,`, `;`, a tab or `|`. */
  delimiter: string;
  /** Whether the file has more rows than are shown. */
  more: boolean;
}

/** Delimiters tried, in order: German files use `;` as often as `,`. */
const delimiters = [',', ';', '\t', '|'];

/**
 * Reads the start of a CSV or TSV file with Papa Parse, detecting the delimiter. `cut` says the
 * text is only the start of the file: its last line may be broken off, so it is dropped.
 * Answers null when the text holds no table (fewer than two columns in the header).
 */
export function parseCsvTable(text: string, cut: boolean): CsvTable | null {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: delimiters,
    skipEmptyLines: 'greedy',
    preview: TABLE_PREVIEW_ROWS + 2,
  });
  const all = parsed.data;
  if (cut && all.length > 1 && !text.endsWith('\n')) all.pop();
  const [header, ...body] = all;
  if (!header || header.length < 2) return null;
  const width = header.length;
  const rows = body
    .slice(0, TABLE_PREVIEW_ROWS)
    .map((row) =>
      row.length >= width ? row.slice(0, width) : [...row, ...Array(width - row.length).fill('')],
    );
  return {
    header,
    rows,
    delimiter: parsed.meta.delimiter,
    more: cut || body.length > TABLE_PREVIEW_ROWS,
  };
}
