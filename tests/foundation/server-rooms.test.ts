import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each domain owns its room on the server (issue 11 "Code shape", decision 0190): the generic
// rooms import no domain, http/ holds no session queries, and KYC and merchant groups each touch
// only their own tables. Read from the source, so a new file that breaks a rule fails here.

const server = path.join(import.meta.dirname, '..', '..', 'server');
const DOMAINS = ['orders', 'payouts', 'kyc', 'merchant-groups', 'users', 'properties', 'mail'];

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesIn(full) : full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

/** The server folders a file imports from (`../orders/order-query` -> `orders`). */
function serverRoomsImportedBy(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)]
    .map((match) => path.relative(server, path.resolve(path.dirname(file), match[1]!)))
    .filter((target) => !target.startsWith('..'))
    .map((target) => target.split(path.sep)[0]!);
}

function offenders(room: string, forbidden: readonly string[]): string[] {
  return filesIn(path.join(server, room)).flatMap((file) =>
    serverRoomsImportedBy(file)
      .filter((target) => forbidden.includes(target))
      .map((target) => `${path.relative(server, file)} -> ${target}`),
  );
}

function tablesNamedIn(room: string, tables: readonly string[]): string[] {
  return filesIn(path.join(server, room)).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return tables.filter((table) => new RegExp(String.raw`['"\`(\s.]${table}\b`).test(text)).map((table) => `${path.relative(server, file)} names ${table}`);
  });
}

describe('server rooms', () => {
  it('keeps the generic rooms free of domains: lists, exports, http and files import none', () => {
    expect(offenders('lists', [...DOMAINS, 'exports'])).toEqual([]);
    expect(offenders('exports', DOMAINS)).toEqual([]);
    expect(offenders('http', [...DOMAINS, 'exports'])).toEqual([]);
    expect(offenders('files', [...DOMAINS, 'exports'])).toEqual([]);
  });

  it('finds what it looks for (a domain that imports the generic rooms is seen)', () => {
    expect(offenders('orders', ['lists', 'exports'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/-> lists$/), expect.stringMatching(/-> exports$/)]),
    );
    expect(tablesNamedIn('merchant-groups', ['merchant_groups'])).not.toEqual([]);
  });

  it('keeps session queries out of http/: the caller of a request comes from auth/', () => {
    expect(tablesNamedIn('http', ['sessions', 'refresh_tokens', 'users'])).toEqual([]);
  });

  it('draws the border between KYC and merchant groups at the tables: each reads the other through its functions', () => {
    expect(tablesNamedIn('kyc', ['merchant_groups'])).toEqual([]);
    expect(
      tablesNamedIn('merchant-groups', ['kyc_applications', 'kyc_step_drafts', 'kyc_review_flags', 'documents', 'merchant_surveys', 'survey_questions']),
    ).toEqual([]);
  });
});
