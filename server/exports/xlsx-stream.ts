import { once } from 'node:events';
import { constants, crc32, createDeflateRaw, type ZlibOptions } from 'node:zlib';
import { columnLetters, sheetRows, type ColumnCells, type SheetRows } from './xlsx-rows';

// A minimal streaming xlsx (OOXML) writer: one worksheet of inline strings and numbers, deflated
// into a zip entry with a data descriptor, with backpressure from the file all the way back to
// the caller. Decision 0126: exceljs's WorkbookWriter buffers without backpressure (2.2 GB at a
// million rows) and costs ~100 µs a row; this writes the same file format in a fraction.

const FIXED_FILES = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
];
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

// XML 1.0 cannot carry most control characters at all; the markup characters are escaped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_SPECIAL = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_REPLACE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_REPLACE, (char) => ENTITIES[char] ?? '') : text;
}

// Every row and cell carries its reference (r): optional in the standard, required by some readers.
// The header's cells; the data rows are made in bytes (xlsx-rows.ts), with the same markup.
export function textCell(ref: string, escaped: string | null): string {
  if (escaped === null) return '';
  // Only text with outer whitespace needs xml:space (a third of the sheet's bytes otherwise).
  const open = escaped.length > 0 && (escaped.charCodeAt(0) <= 32 || escaped.charCodeAt(escaped.length - 1) <= 32) ? '<t xml:space="preserve">' : '<t>';
  return `<c r="${ref}" t="inlineStr"><is>${open}${escaped}</t></is></c>`;
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

// DOS date/time of 1980-01-01 00:00: the file's own dates are not meaningful here.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const FLAGS = 0x0008 | 0x0800; // sizes in a data descriptor; UTF-8 names

/** Writes zip entries one after another into `out`, each deflated as it is written. */
export class ZipStream {
  private offset = 0;
  private readonly entries: Entry[] = [];

  constructor(private readonly out: NodeJS.WritableStream) {}

  private async raw(buffer: Buffer): Promise<void> {
    this.offset += buffer.length;
    if (!this.out.write(buffer)) await once(this.out as NodeJS.EventEmitter, 'drain');
  }

  /** Starts an entry; returns a writer of its uncompressed content and a function that closes it. */
  async entry(name: string): Promise<{ write(content: string | Buffer, compressed?: () => void): Promise<void>; close(): Promise<void> }> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(entry.name.length, 26);
    await this.raw(Buffer.concat([header, entry.name]));
    // A deep write buffer lets zlib (on the thread pool) compress one block while the next is built.
    const deflate = createDeflateRaw({ level: 1, strategy: constants.Z_DEFAULT_STRATEGY, highWaterMark: 4 << 20, chunkSize: 256 << 10 } as ZlibOptions);
    const pending: Promise<void>[] = [];
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        pending.push(once(this.out as NodeJS.EventEmitter, 'drain').then(() => void deflate.resume()));
      }
    });
    const ended = once(deflate, 'end');
    return {
      /** `compressed` is called once zlib is done with `content` (its memory may then be reused). */
      write: async (content: string | Buffer, compressed?: () => void) => {
        const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
        entry.crc = crc32(buffer, entry.crc);
        entry.size += buffer.length;
        if (entry.size > 0xffffffff) throw new Error('xlsx worksheet larger than 4 GB (zip64 not supported)');
        if (!deflate.write(buffer, compressed && ((error) => (error ? undefined : compressed())))) await once(deflate, 'drain');
      },
      close: async () => {
        deflate.end();
        await ended;
        await Promise.all(pending);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc >>> 0, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.raw(descriptor);
        this.entries.push(entry);
      },
    };
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(FLAGS, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(DOS_TIME, 12);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(entry.crc >>> 0, 16);
      record.writeUInt32LE(entry.compressed, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      record.writeUInt32LE(entry.offset, 42);
      await this.raw(Buffer.concat([record, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
  }
}

/**
 * How a column's cells are written: text as inline strings (never formulas); number as a number;
 * date and dateTime as the spreadsheet's day number shown as a date (decision 0202); money as a
 * number shown with its currency, from "<amount> <ISO 4217 code>".
 */
export type SheetCellKind = 'text' | 'number' | 'money' | 'date' | 'dateTime';

// Cell styles: 0 plain, 1 date and time, 2 date, then one per currency met in the sheet.
const DATE_TIME_STYLE = 1;
const DATE_STYLE = 2;
const FIRST_MONEY_STYLE = 3;
const FIRST_CUSTOM_FORMAT = 164;
const ZERO_DECIMALS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** "#,##0.00 "EUR"": grouped, the currency's own decimals (ISO 4217), its code after the amount. */
export function moneyFormat(currency: string): string {
  const decimals = ZERO_DECIMALS.has(currency) ? '' : THREE_DECIMALS.has(currency) ? '.000' : '.00';
  return `#,##0${decimals} "${currency}"`;
}

/** The styles part, written last, once every currency of the sheet is known. */
export function stylesXml(currencies: readonly string[]): string {
  const formats = ['d mmm yyyy hh:mm', 'd mmm yyyy', ...currencies.map(moneyFormat)];
  const numFmts = formats.map((code, index) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + index}" formatCode="${xmlText(code)}"/>`).join('');
  const xfs = ['<xf/>', ...formats.map((_, index) => `<xf numFmtId="${FIRST_CUSTOM_FORMAT + index}" applyNumberFormat="1"/>`)].join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${formats.length}">${numFmts}</numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="${formats.length + 1}">${xfs}</cellXfs></styleSheet>`;
}

/** A one-sheet workbook: the fixed parts, then the sheet, row by row, then the styles the sheet used. */
export async function openWorkbook(out: NodeJS.WritableStream, sheetName: string, kinds: SheetCellKind[]) {
  const columns: ColumnCells[] = kinds.map((kind) =>
    kind === 'number'
      ? { value: '"><v>' }
      : kind === 'date'
        ? { value: `" s="${DATE_STYLE}"><v>` }
        : kind === 'dateTime'
          ? { value: `" s="${DATE_TIME_STYLE}"><v>` }
          : kind,
  );
  const currencies = new Map<string, string>();
  const moneyStyle = (currency: string) => {
    let style = currencies.get(currency);
    if (style === undefined) {
      style = `" s="${FIRST_MONEY_STYLE + currencies.size}"><v>`;
      currencies.set(currency, style);
    }
    return style;
  };
  const zip = new ZipStream(out);
  for (const [name, content] of FIXED_FILES(sheetName)) {
    const entry = await zip.entry(name);
    await entry.write(content);
    await entry.close();
  }
  const sheet = await zip.entry('xl/worksheets/sheet1.xml');
  await sheet.write(SHEET_START);
  let rows: SheetRows | undefined;
  return {
    async writeHeader(headers: string[]) {
      await sheet.write(`<row r="1">${headers.map((header, index) => textCell(`${columnLetters(index)}1`, xmlText(header))).join('')}</row>`);
      rows = sheetRows(columns, 1, moneyStyle);
    },
    /** Rows in COPY text format (tab-separated fields, one record a line): see xlsx-rows.ts for what each cell becomes. */
    async writeCopyRows(block: Buffer) {
      if (!rows) throw new Error('the header row comes first');
      const sheetRows = rows;
      const xml = sheetRows.write(block);
      await sheet.write(xml, () => sheetRows.recycle(xml));
    },
    /** Data rows written so far (the header not counted). */
    rows: () => Math.max(0, (rows?.count() ?? 0) - 1),
    async finish() {
      await sheet.write(SHEET_END);
      await sheet.close();
      const styles = await zip.entry('xl/styles.xml');
      await styles.write(stylesXml([...currencies.keys()]));
      await styles.close();
      await zip.finish();
    },
  };
}
