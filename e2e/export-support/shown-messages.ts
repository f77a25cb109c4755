import { readFileSync } from 'node:fs';
import type { ExportMessageKey } from '../../contract/exports';

// What the export toast shows for a message: the catalogue's English words for the spec's
// messages (sentence case, issue 11), and any other text (a server's own) with a capital first.
const catalogue = (JSON.parse(readFileSync('src/i18n/en/exports.json', 'utf8')) as { exports: { messages: Record<ExportMessageKey, string> } }).exports
  .messages;

export const SHOWN: Readonly<Record<ExportMessageKey, string>> = catalogue;

export function shownText(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
