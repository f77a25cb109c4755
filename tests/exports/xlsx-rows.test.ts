import { describe, expect, test } from 'vitest';
import { sheetRows, type ColumnCells } from '../../server/exports/xlsx-rows';

// The worksheet rows made from COPY text in bytes (decision 0332): what each cell becomes, checked
// on the XML itself (tests/exports/cell-format.test.ts reads whole files back with two readers).

const money = (currency: string) => `" s="${currency === 'EUR' ? 3 : 4}"><v>`;

function xml(columns: ColumnCells[], lastRow: number, ...blocks: string[]): string {
  const rows = sheetRows(columns, lastRow, money);
  return blocks.map((block) => rows.write(Buffer.from(block, 'utf8')).toString('utf8')).join('');
}

/** The `<t>` element of a one-text-column sheet's first data row holding `text`. */
function cell(text: string): string {
  return xml(['text'], 1, `${text}\n`).replace(/^<row r="2"><c r="A2" t="inlineStr"><is>|<\/is><\/c><\/row>$/g, '');
}

describe('sheet rows from COPY text', () => {
  test('every row and cell carries its reference, across the carries of the row number', () => {
    const rows = xml(['text'], 8, 'a\nb\nc\n');
    expect(rows).toBe(
      '<row r="9"><c r="A9" t="inlineStr"><is><t>a</t></is></c></row>' +
        '<row r="10"><c r="A10" t="inlineStr"><is><t>b</t></is></c></row>' +
        '<row r="11"><c r="A11" t="inlineStr"><is><t>c</t></is></c></row>',
    );
    expect(xml(['text'], 99, 'x')).toBe('<row r="100"><c r="A100" t="inlineStr"><is><t>x</t></is></c></row>');
    const counter = sheetRows(['text'], 1, money);
    counter.write(Buffer.from('1\n2\n3\n'));
    expect(counter.count()).toBe(4);
  });

  test('values, dates and money: the markup of their kind, the currency choosing the style', () => {
    const columns: ColumnCells[] = [{ value: '"><v>' }, { value: '" s="1"><v>' }, 'money', 'money'];
    expect(xml(columns, 1, '42\t46310.5\t1234.56 EUR\t1500 JPY\n')).toBe(
      '<row r="2"><c r="A2"><v>42</v></c><c r="B2" s="1"><v>46310.5</v></c>' + '<c r="C2" s="3"><v>1234.56</v></c><c r="D2" s="4"><v>1500</v></c></row>',
    );
    // An amount without a currency is a plain number.
    expect(xml(['money'], 1, '7\n')).toBe('<row r="2"><c r="A2"><v>7</v></c></row>');
  });

  test('\\N leaves the cell out, wherever it stands in the line', () => {
    expect(xml(['text', 'text', 'text'], 1, '\\N\tb\t\\N\n')).toBe('<row r="2"><c r="B2" t="inlineStr"><is><t>b</t></is></c></row>');
    // A text that only starts like a null is text.
    expect(xml(['text'], 1, '\\\\N\n')).toBe('<row r="2"><c r="A2" t="inlineStr"><is><t>\\N</t></is></c></row>');
  });

  test("COPY's escapes are undone and XML's applied; what XML 1.0 cannot carry is dropped", () => {
    expect(cell('Tom & Jerry <Ltd> "q"')).toBe('<t>Tom &amp; Jerry &lt;Ltd&gt; &quot;q&quot;</t>');
    expect(cell('two\\nlines \\\\ back')).toBe('<t>two\nlines \\ back</t>');
    expect(cell('a\\rb')).toBe('<t>a&#13;b</t>');
    expect(cell('x\\by\\fz\\v')).toBe('<t>xyz</t>');
    expect(cell('ctrl\u0001\u001fchar\uFFFE\uFFFFend')).toBe('<t>ctrlcharend</t>');
    // A raw carriage return is one XML carries (COPY itself writes \r).
    expect(cell('a\rb')).toBe('<t>a\rb</t>');
    expect(cell('Zoë € 日本')).toBe('<t>Zoë € 日本</t>');
    expect(cell('\\"quoted\\"')).toBe('<t>&quot;quoted&quot;</t>');
  });

  test('text with outer whitespace keeps it (xml:space), other text does not carry the attribute', () => {
    expect(cell(' padded ')).toBe('<t xml:space="preserve"> padded </t>');
    expect(cell('\\tindented')).toBe('<t xml:space="preserve">\tindented</t>');
    expect(cell('trailing\\n')).toBe('<t xml:space="preserve">trailing\n</t>');
    expect(cell('inner space')).toBe('<t>inner space</t>');
    expect(cell('')).toBe('<t></t>');
  });

  test('a line with fields beyond the columns keeps the columns; a shorter one has fewer cells', () => {
    expect(xml(['text'], 1, 'a\tb\tc\nd\n')).toBe(
      '<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c></row><row r="3"><c r="A3" t="inlineStr"><is><t>d</t></is></c></row>',
    );
    expect(xml(['text', 'text'], 1, 'only\n')).toBe('<row r="2"><c r="A2" t="inlineStr"><is><t>only</t></is></c></row>');
  });

  test('a block of long lines grows its buffer and loses nothing', () => {
    // A quote becomes six bytes (&quot;): more than the block's first buffer holds.
    const long = '"'.repeat(50_000);
    const rows = xml(['text', 'text'], 1, `${long}\t${long}\n`.repeat(3));
    expect(rows.match(/&quot;/g)).toHaveLength(300_000);
    expect(rows.match(/<row /g)).toHaveLength(3);
  });
});
