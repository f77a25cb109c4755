import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import * as XLSX from 'xlsx';

/** The rows of a downloaded csv or xlsx, read by an independent reader (SheetJS), header row first, every cell as text. */
export async function sheetRows(download: Download): Promise<string[][]> {
  const path = await download.path();
  const bytes = readFileSync(path);
  const workbook = download.suggestedFilename().endsWith('.csv')
    ? XLSX.read(bytes.toString('utf8').replace(/^\uFEFF/, ''), { type: 'string', raw: true })
    : XLSX.read(bytes, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0] as string];
  if (!sheet) throw new Error('the file has no sheet');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '' }).map((row) => row.map((cell) => String(cell)));
}
