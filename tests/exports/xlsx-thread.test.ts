import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { xlsxWriter } from '../../server/exports/file-writers';
import { openXlsxFile } from '../../server/exports/xlsx-thread-host';
import { openWorkbook, type SheetCellKind } from '../../server/exports/xlsx-stream';

// The xlsx writer makes the sheet on a worker thread (decision 0333). What a caller sees must not
// change: the same file, byte for byte, as the sheet made on the caller's own thread, whatever
// the chunks; the rows counted as they are handed over; a file that fails, failing the export.

const headers = ['Reference', 'Amount', 'Guest', 'Created'];
const kinds: SheetCellKind[] = ['text', 'money', 'text', 'dateTime'];

/** COPY text lines: escapes, XML specials, nulls, several currencies; about 110 bytes a line. */
function copyBody(rows: number): Buffer {
  const lines: string[] = [];
  for (let index = 0; index < rows; index++) {
    const currency = ['EUR', 'JPY', 'KWD'][index % 3];
    const guest = index % 7 === 0 ? '\\N' : `Zoë <${index}> & "Ødegård"\\tthe ${index % 11 === 0 ? ' spaced ' : 'guest'}`;
    lines.push(`FOL-${String(index).padStart(8, '0')}\t${index * 37} ${currency}\t${guest}\t${46000 + index / 1000}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** The same sheet made on this thread, from whole lines, as the writer did before decision 0333. */
async function sameThreadFile(body: Buffer): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (part: Buffer) => parts.push(part));
  const workbook = await openWorkbook(out, 'Transactions', kinds);
  await workbook.writeHeader(headers);
  await workbook.writeCopyRows(body);
  await workbook.finish();
  out.end();
  await once(out, 'end');
  return Buffer.concat(parts);
}

async function threadFile(body: Buffer, chunkBytes: number): Promise<{ file: Buffer; rowsSeen: number[] }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'folio-xlsx-thread-')), 'sheet.xlsx');
  const writer = await xlsxWriter(createWriteStream(file), headers, kinds, 'Transactions');
  const rowsSeen: number[] = [];
  for (let at = 0; at < body.length; at += chunkBytes) {
    await writer.write(body.subarray(at, at + chunkBytes));
    rowsSeen.push(writer.rows());
  }
  await writer.finish();
  rowsSeen.push(writer.rows());
  return { file: readFileSync(file), rowsSeen };
}

describe('xlsx made on a worker thread', () => {
  test('the same file, byte for byte, for chunks cut anywhere, more than the thread may have waiting at once', async () => {
    // 80,000 lines, about 6 MB: more than the 4 MB the writer lets wait for the thread.
    const body = copyBody(80_000);
    expect(body.length).toBeGreaterThan(4 << 20);
    const expected = await sameThreadFile(body);
    // 64 KB chunks (PostgreSQL's COPY stream), 1 MB (the embedded engine's chunks), and an odd size that cuts characters.
    for (const chunkBytes of [64 << 10, 1 << 20, 999_983]) {
      const { file, rowsSeen } = await threadFile(body, chunkBytes);
      expect(file.equals(expected), `${chunkBytes}-byte chunks`).toBe(true);
      // Counted as handed over: never ahead of the lines sent, every one counted at the end.
      let linesSent = 0;
      rowsSeen.slice(0, -1).forEach((rows, index) => {
        const chunk = body.subarray(index * chunkBytes, (index + 1) * chunkBytes);
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) linesSent++;
        expect(rows).toBe(linesSent);
      });
      expect(rowsSeen.at(-1)).toBe(80_000);
    }
  });

  test('two exports at once, their blocks interleaved, each get their own file', async () => {
    const bodies = [copyBody(30_000), copyBody(20_000).subarray(0, 1_500_001)];
    const folder = mkdtempSync(path.join(tmpdir(), 'folio-xlsx-thread-'));
    const writers = await Promise.all(
      bodies.map((_, index) => xlsxWriter(createWriteStream(path.join(folder, `${index}.xlsx`)), headers, kinds, 'Transactions')),
    );
    for (let at = 0; at < Math.max(...bodies.map((body) => body.length)); at += 100_000)
      for (const [index, writer] of writers.entries()) if (at < bodies[index]!.length) await writer.write(bodies[index]!.subarray(at, at + 100_000));
    await Promise.all(writers.map((writer) => writer.finish()));
    for (const [index, body] of bodies.entries())
      expect(readFileSync(path.join(folder, `${index}.xlsx`)).equals(await sameThreadFile(body)), `file ${index}`).toBe(true);
  });

  test('an export without rows is a sheet with its header alone', async () => {
    const { file, rowsSeen } = await threadFile(Buffer.alloc(0), 1 << 20);
    expect(rowsSeen).toEqual([0]);
    expect(file.equals(await sameThreadFile(Buffer.alloc(0)))).toBe(true);
  });

  test('a last line without its line end is a row of the file', async () => {
    const body = Buffer.concat([copyBody(3), Buffer.from('FOL-LAST\t5 EUR\tlast\t46001')]);
    const { file, rowsSeen } = await threadFile(body, 10);
    expect(rowsSeen.at(-1)).toBe(4);
    expect(file.equals(await sameThreadFile(body))).toBe(true);
  });

  test('a file that cannot be written fails the writer with the file error', async () => {
    let written = 0;
    const failing = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        // The fixed parts pass; the sheet's first deflated bytes do not.
        done(written > 4096 ? new Error('disk full') : null);
      },
    });
    const writer = await xlsxWriter(failing, headers, kinds, 'Transactions');
    const body = copyBody(80_000);
    const attempt = async () => {
      for (let at = 0; at < body.length; at += 1 << 20) await writer.write(body.subarray(at, at + (1 << 20)));
      await writer.finish();
    };
    await expect(attempt()).rejects.toThrow('disk full');
  });
});

describe('the xlsx thread stopping', () => {
  test('fails the files open on it; the next export starts a new thread', async () => {
    const lost: Error[] = [];
    const open = openXlsxFile({ headers, kinds, sheetName: 'Transactions' }, { message: () => undefined, lost: (error) => lost.push(error) });
    const stopped = once(open.worker, 'exit');
    await open.worker.terminate();
    await stopped;
    expect(lost.map((error) => error.message)).toEqual([expect.stringContaining('the xlsx thread stopped')]);
    open.close();
    const body = copyBody(1_000);
    const { file } = await threadFile(body, 64 << 10);
    expect(file.equals(await sameThreadFile(body))).toBe(true);
  });
});
