// The worksheet rows of an xlsx export, made from the COPY text body in bytes (decision 0332). The
// body arrives as UTF-8 and leaves as UTF-8: decoding it into strings, splitting them into arrays
// and encoding the joined markup again cost more than everything else an export does in JavaScript.
// Here each byte is looked at once and copied once, into one buffer per block.
//
// What a cell becomes is the same as before: COPY's backslash escapes undone (\n a newline, \r a
// character reference, \t a tab, \b \f \v dropped, \\ a backslash), & < > " escaped, the control
// characters and U+FFFE/U+FFFF that XML 1.0 cannot carry dropped, \N an empty cell.

const TAB = 0x09;
const LF = 0x0a;
const SPACE = 0x20;
const BACKSLASH = 0x5c;
const CAPITAL_N = 0x4e;

const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

const ROW_OPEN = ascii('<row r="');
const ROW_OPEN_END = ascii('">');
const ROW_CLOSE = ascii('</row>');
const VALUE_CLOSE = ascii('</v></c>');
const TEXT_OPEN = ascii('" t="inlineStr"><is><t>');
const TEXT_OPEN_PRESERVE = ascii('" t="inlineStr"><is><t xml:space="preserve">');
const PRESERVE_EXTRA = TEXT_OPEN_PRESERVE.length - TEXT_OPEN.length;
const TEXT_CLOSE = ascii('</t></is></c>');
const PLAIN_NUMBER = ascii('"><v>');

/**
 * 1 for the bytes a field cannot simply copy: the field and line ends, the backslash of an escape,
 * what XML escapes or cannot carry, and the first byte of U+FFFE/U+FFFF (EF BF BE/BF).
 */
const SPECIAL = new Uint8Array(256);
const NOTHING = new Uint8Array(0);
/** What a special byte becomes on its own (a control character: nothing). */
const ON_ITS_OWN: (Uint8Array | undefined)[] = new Array(256).fill(undefined);
/** What a byte after a backslash becomes: COPY's escapes; any other byte stands for itself. */
const ESCAPED: (Uint8Array | undefined)[] = new Array(256).fill(undefined);
for (let byte = 0; byte < 0x20; byte++) {
  SPECIAL[byte] = 1;
  ON_ITS_OWN[byte] = NOTHING;
  ESCAPED[byte] = NOTHING;
}
// A carriage return is a character XML carries (COPY writes it as \r; a raw one stays as it is).
ON_ITS_OWN[0x0d] = undefined;
ESCAPED[0x0d] = undefined;
for (const [byte, entity] of [
  [0x26, '&amp;'],
  [0x3c, '&lt;'],
  [0x3e, '&gt;'],
  [0x22, '&quot;'],
] as const) {
  SPECIAL[byte] = 1;
  ON_ITS_OWN[byte] = ascii(entity);
  ESCAPED[byte] = ascii(entity);
}
SPECIAL[BACKSLASH] = 1;
SPECIAL[0xef] = 1;
ESCAPED[0x6e] = Uint8Array.of(LF); // \n
ESCAPED[0x72] = ascii('&#13;'); // \r
ESCAPED[0x74] = Uint8Array.of(TAB); // \t
ESCAPED[0x62] = NOTHING; // \b
ESCAPED[0x66] = NOTHING; // \f
ESCAPED[0x76] = NOTHING; // \v

/** The most a field's byte grows into ("&quot;"), and the most markup a cell or a row adds. */
const MAX_GROWTH = 6;
/** XML buffers kept for reuse: one being compressed while the next block is made, and one more. */
const MAX_SPARE = 2;
const CELL_MARKUP = 128;
const ROW_MARKUP = 48;

function put(out: Buffer, at: number, bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length; index++) out[at++] = bytes[index]!;
  return at;
}

/** Where the last `decodeField` stopped: the tab or line feed after the field, or the block's end. */
let fieldEnd = 0;

/**
 * Writes the cell text of the field starting at `from` into `out` at `at` (escapes undone, XML
 * escaped) and returns where it ends; `fieldEnd` tells where the field did.
 */
function decodeField(block: Buffer, from: number, out: Buffer | Uint8Array, at: number): number {
  const end = block.length;
  let index = from;
  for (; index < end; index++) {
    const byte = block[index]!;
    if (SPECIAL[byte] === 0) {
      out[at++] = byte;
      continue;
    }
    if (byte === TAB || byte === LF) break;
    let bytes: Uint8Array | undefined;
    if (byte === BACKSLASH && index + 1 < end && block[index + 1] !== TAB && block[index + 1] !== LF) {
      const next = block[++index]!;
      bytes = ESCAPED[next];
      if (bytes === undefined) {
        out[at++] = next;
        continue;
      }
    } else if (byte === 0xef) {
      if (index + 2 < end && block[index + 1] === 0xbf && (block[index + 2] === 0xbe || block[index + 2] === 0xbf)) index += 2;
      else out[at++] = byte;
      continue;
    } else bytes = ON_ITS_OWN[byte];
    if (bytes === undefined) out[at++] = byte;
    else for (let each = 0; each < bytes.length; each++) out[at++] = bytes[each]!;
  }
  fieldEnd = index;
  return at;
}

export interface SheetRows {
  /** The rows of `block` (whole COPY lines; the last one may lack its LF), as worksheet XML bytes. */
  write(block: Buffer): Buffer;
  /** Gives back the memory of XML `write` returned once it is no longer used (the deflate stream has compressed it), for a later block. */
  recycle(xml: Buffer): void;
  /** The number of the last row written (the header's before any). */
  count(): number;
}

/**
 * How a column's cells are written: a value (`<v>`) after the given markup (`"><v>`, or with a
 * style: `" s="1"><v>`), money ("<amount> <currency>" as a value styled by `moneyStyle`), or text
 * (an inline string, never a formula).
 */
export type ColumnCells = { value: string } | 'money' | 'text';

/**
 * The data rows of a sheet whose last row so far is `lastRow` (the header's). `moneyStyle` gives
 * the markup between a money cell's reference and its value for a currency (`" s="3"><v>`).
 */
export function sheetRows(columns: readonly ColumnCells[], lastRow: number, moneyStyle: (currency: string) => string): SheetRows {
  const opens = columns.map((_, index) => ascii(`<c r="${columnLetters(index)}`));
  const valueMarkup = columns.map((cells) => (typeof cells === 'object' ? ascii(cells.value) : undefined));
  const money = columns.map((cells) => cells === 'money');
  // Per currency, the markup before its amounts. A three-letter code is looked up by its bytes, so a
  // million money cells make no garbage (the server runs with a small young generation, decision 0128).
  const moneyMarkup = new Map<number | string, Uint8Array>();
  const moneyMarkupOf = (text: Uint8Array, from: number, to: number): Uint8Array => {
    const key = to - from === 3 ? (text[from]! << 16) | (text[from + 1]! << 8) | text[from + 2]! : Buffer.from(text.subarray(from, to)).toString('utf8');
    let markup = moneyMarkup.get(key);
    if (!markup) moneyMarkup.set(key, (markup = ascii(moneyStyle(Buffer.from(text.subarray(from, to)).toString('utf8')))));
    return markup;
  };
  // The row number as ASCII digits at the end of `digits`, counted up in place (every cell repeats it).
  const digits = new Uint8Array(16);
  let digitsStart = digits.length;
  for (const char of String(lastRow).split('').reverse()) digits[--digitsStart] = char.charCodeAt(0);
  let rowNumber = lastRow;
  const nextRow = () => {
    rowNumber++;
    let index = digits.length - 1;
    while (index >= digitsStart && digits[index] === 0x39) digits[index--] = 0x30;
    if (index < digitsStart) digits[--digitsStart] = 0x31;
    else digits[index]!++;
  };
  // A money cell's text, decoded first: its currency decides the markup before the amount.
  let amount = new Uint8Array(256);
  const spare: Buffer[] = [];

  return {
    write(block) {
      // A buffer per block, given back once compressed (the zip entry's deflate stream holds on to it
      // until then) and used again: the xlsx thread makes too few objects for V8 to collect dead
      // buffers soon (decision 0333). An order row's markup makes about five times its COPY bytes; a
      // row that needs more grows it below.
      const size = block.length * 5 + 4096;
      const spareAt = spare.findIndex((buffer) => buffer.length >= size);
      let out = spareAt === -1 ? Buffer.allocUnsafe(size) : spare.splice(spareAt, 1)[0]!;
      let at = 0;
      let start = 0;
      while (start < block.length) {
        let lineEnd = block.indexOf(LF, start);
        if (lineEnd === -1) lineEnd = block.length;
        const needed = (lineEnd - start) * MAX_GROWTH + columns.length * CELL_MARKUP + ROW_MARKUP;
        if (at + needed > out.length) {
          const grown = Buffer.allocUnsafe(Math.max(out.length * 2, at + needed));
          out.copy(grown, 0, 0, at);
          out = grown;
        }
        nextRow();
        at = put(out, at, ROW_OPEN);
        for (let index = digitsStart; index < digits.length; index++) out[at++] = digits[index]!;
        at = put(out, at, ROW_OPEN_END);
        let position = start;
        for (let column = 0; column < columns.length && position <= lineEnd; column++) {
          // \N is a null: no cell at all.
          if (block[position] === BACKSLASH && block[position + 1] === CAPITAL_N && (position + 2 === lineEnd || block[position + 2] === TAB)) {
            position += 3;
            continue;
          }
          at = put(out, at, opens[column]!);
          for (let index = digitsStart; index < digits.length; index++) out[at++] = digits[index]!;
          const markup = valueMarkup[column];
          if (markup) {
            at = put(out, at, markup);
            at = decodeField(block, position, out, at);
            at = put(out, at, VALUE_CLOSE);
          } else if (money[column]) {
            if (amount.length < (lineEnd - position) * MAX_GROWTH) amount = new Uint8Array((lineEnd - position) * MAX_GROWTH);
            const length = decodeField(block, position, amount, 0);
            let space = 0;
            while (space < length && amount[space] !== SPACE) space++;
            at = put(out, at, space === length ? PLAIN_NUMBER : moneyMarkupOf(amount, space + 1, length));
            for (let index = 0; index < space; index++) out[at++] = amount[index]!;
            at = put(out, at, VALUE_CLOSE);
          } else {
            const textStart = put(out, at, TEXT_OPEN);
            at = decodeField(block, position, out, textStart);
            // Text with outer whitespace keeps it with xml:space (rare: moved once, not checked twice).
            if (at > textStart && (out[textStart]! <= SPACE || out[at - 1]! <= SPACE)) {
              out.copyWithin(textStart + PRESERVE_EXTRA, textStart, at);
              put(out, textStart - TEXT_OPEN.length, TEXT_OPEN_PRESERVE);
              at += PRESERVE_EXTRA;
            }
            at = put(out, at, TEXT_CLOSE);
          }
          position = fieldEnd + 1;
        }
        at = put(out, at, ROW_CLOSE);
        start = lineEnd + 1;
      }
      return out.subarray(0, at);
    },
    recycle(xml) {
      // Only memory of its own: a buffer from Node's shared pool is not ours to reuse.
      if (spare.length < MAX_SPARE && xml.byteOffset === 0) spare.push(Buffer.from(xml.buffer, 0, xml.buffer.byteLength));
    },
    count: () => rowNumber,
  };
}

/** Column letters of a sheet: A..Z, AA.. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
