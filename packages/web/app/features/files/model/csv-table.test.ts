import { describe, expect, it } from 'vitest';
import { parseCsvTable, TABLE_PREVIEW_ROWS } from './csv-table';

describe('parseCsvTable', () => {
  it('detects the semicolon of German files and keeps quoted delimiters and line breaks', () => {
    const table = parseCsvTable(
      '\uFEFFMessstelle;Wert;Bemerkung\nLeipzig;3,5;"trocken; warm"\nDresden;4,1;"zwei\nZeilen"\n',
      false,
    );
    expect(table).toEqual({
      header: ['Messstelle', 'Wert', 'Bemerkung'],
      rows: [
        ['Leipzig', '3,5', 'trocken; warm'],
        ['Dresden', '4,1', 'zwei\nZeilen'],
      ],
      delimiter: ';',
      more: false,
    });
  });

  it('reads commas and tabs, and evens out short and long rows', () => {
    expect(parseCsvTable('a,b\n1,2\n', false)?.delimiter).toBe(',');
    const tsv = parseCsvTable('a\tb\tc\n1\t2\n1\t2\t3\t4\n', false);
    expect(tsv?.delimiter).toBe('\t');
    expect(tsv?.rows).toEqual([
      ['1', '2', ''],
      ['1', '2', '3'],
    ]);
  });

  it('drops a line broken off at the cut and shows at most the preview rows', () => {
    const cut = parseCsvTable('x;y\n1;2\n3;4\n5;', true);
    expect(cut?.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(cut?.more).toBe(true);
    const long = ['n;quadrat', ...Array.from({ length: 500 }, (_, i) => `${i};${i * i}`)].join(
      '\n',
    );
    const table = parseCsvTable(long, false);
    expect(table?.rows).toHaveLength(TABLE_PREVIEW_ROWS);
    expect(table?.more).toBe(true);
  });

  it('answers null for text that is not a table', () => {
    expect(parseCsvTable('just one column\nof prose\n', false)).toBeNull();
    expect(parseCsvTable('', false)).toBeNull();
  });
});
