import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES } from '../../contract/exports';
import { KYC_MESSAGE_KEYS } from '../../contract/kyc/messages';

// Every message key the server can send, and every i18n key the contract names (column labels,
// step titles, photo rules), has English words in src/i18n/en, so a user never reads a raw key
// (issue 11 "One rule, one place"). The keys come from the contract's catalogues and from every
// key-shaped string literal in contract/ and server/ (field errors such as
// `problems.validation({ file: ['kyc.validation.fileRequired'] })` included).

const root = path.join(import.meta.dirname, '..', '..');
const catalogueDir = path.join(import.meta.dirname, 'en');

const catalogue: Record<string, unknown> = Object.assign(
  {},
  ...readdirSync(catalogueDir).map((file) => JSON.parse(readFileSync(path.join(catalogueDir, file), 'utf8')) as object),
);
const AREAS = Object.keys(catalogue);

function englishOf(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * `'kyc.validation.required'`, `"transactions.columns.id"`: a quoted dotted key of a known area, no
 * interpolation. Audit action codes (`action: 'kyc.approve'`) look alike but are data: the review
 * screen names them through kycReview.audit.
 */
function keyLiteralsIn(file: string): string[] {
  const pattern = new RegExp(String.raw`(?<!action(?::|\s*===)\s*)['"\`]((?:${AREAS.join('|')})(?:\.[A-Za-z][A-Za-z0-9_-]*)+)['"\`]`, 'g');
  return [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1]!);
}

/**
 * `'users.email'`, `'merchants.id'`: a table's column in a query reads like a key of the area of the
 * same name. The tables and their columns come from the database's type declarations.
 */
function databaseColumns(): Set<string> {
  const schema = readFileSync(path.join(root, 'server', 'db', 'schema.ts'), 'utf8');
  const bodyOf = (name: string) => new RegExp(String.raw`interface ${name} \{([^}]*)\}`).exec(schema)?.[1] ?? '';
  const columns = new Set<string>();
  for (const [, table, type] of bodyOf('Database').matchAll(/^\s*(\w+):\s*(\w+);/gm))
    for (const [, column] of bodyOf(type!).matchAll(/^\s*(\w+)\??:/gm)) columns.add(`${table}.${column}`);
  return columns;
}
const COLUMNS = databaseColumns();

const namedKeys = [
  ...new Set(
    ['contract', 'server']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .flatMap(keyLiteralsIn)
      .filter((key) => !COLUMNS.has(key)),
  ),
];

describe('English words for every key the server and the contract name', () => {
  it('finds the keys it checks (the scan is not vacuous)', () => {
    expect(AREAS).toEqual(expect.arrayContaining(['kyc', 'exports', 'transactions']));
    expect(namedKeys).toEqual(
      expect.arrayContaining([
        'kyc.validation.fileRequired',
        'kyc.validation.sameDocumentType',
        'kyc.validation.notFlagged',
        'kyc.validation.flaggedDocumentNotReplaced',
      ]),
    );
    expect(namedKeys.length).toBeGreaterThan(40);
    // Table columns are told apart by the schema, not by guessing.
    expect(COLUMNS).toContain('users.email');
    expect(COLUMNS).toContain('merchants.merchant_group_id');
  });

  it('has a text for every KYC message key of the contract', () => {
    expect(KYC_MESSAGE_KEYS.filter((key) => typeof englishOf(key) !== 'string')).toEqual([]);
  });

  it('has a text for every i18n key written in contract/ or server/', () => {
    expect(namedKeys.filter((key) => typeof englishOf(key) !== 'string')).toEqual([]);
  });

  it('has a text for every export message of the catalogue (spec 8), server-made ones included', () => {
    expect(Object.keys(EXPORT_MESSAGES).filter((key) => typeof englishOf(`exports.messages.${key}`) !== 'string')).toEqual([]);
  });
});
