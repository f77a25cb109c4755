import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES } from '../../contract/exports';
import { KYC_MESSAGE_KEYS } from '../../contract/kyc/messages';
import { MONEY_PARAMS, PROBLEM_CODES, SECOND_MONEY_PARAMS, WORDED_PARAMS } from '../../contract/problem-codes';
import { ORDER_STATUSES } from '../../contract/transactions';
import { PAYOUT_STATUSES } from '../../contract/payouts';
import { PAYOUT_SCHEDULES } from '../../contract/settings/payout';
import { ONBOARDING_STATUSES } from '../../contract/onboarding-status';
import { PROPERTY_STATUSES } from '../../contract/properties';

// Every message key the server can send, and every i18n key the contract names (column labels,
// step titles, photo rules), has English words in src/i18n/en, so a user never reads a raw key
// (issue 11 "One rule, one place"). The keys come from the contract's catalogues and from every
// key-shaped string literal in contract/ and server/ (field errors such as
// `problems.validation({ file: ['kyc.validation.fileRequired'] })` included).

const root = path.join(import.meta.dirname, '..', '..');
const catalogueDir = path.join(import.meta.dirname, 'en');

/** Two area files may hold one area (shell.json and shell-signed-in.json): merged as i18next merges their bundles. */
function deepMerge(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    into[key] =
      there && typeof there === 'object' && value && typeof value === 'object'
        ? deepMerge({ ...(there as Record<string, unknown>) }, value as Record<string, unknown>)
        : value;
  }
  return into;
}

const catalogue: Record<string, unknown> = readdirSync(catalogueDir)
  .map((file) => JSON.parse(readFileSync(path.join(catalogueDir, file), 'utf8')) as Record<string, unknown>)
  .reduce(deepMerge, {});
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

/** The catalogue branches that name a param's value (a status), with the values the server sends in it. */
const WORDED_BRANCHES = new Map<string, readonly string[]>([
  ['transactions.status', ORDER_STATUSES],
  ['payouts.status', PAYOUT_STATUSES],
  ['payouts.schedule', PAYOUT_SCHEDULES],
  ['merchants.status', ONBOARDING_STATUSES],
  ['properties.status', PROPERTY_STATUSES],
  ['merchants.propertyStatus', PROPERTY_STATUSES],
]);

const namedKeys = [
  ...new Set(
    ['contract', 'server']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .flatMap(keyLiteralsIn)
      // A problem code (`'settings.changedSince'`) is not a key: its words are `problems.<code>`, checked below.
      // Nor is a branch of words a param is named by (WORDED_PARAMS): its words are checked below, value by value.
      .filter((key) => !COLUMNS.has(key) && !Object.hasOwn(PROBLEM_CODES, key) && !WORDED_BRANCHES.has(key)),
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

// Decision 0686: a refusal with a code is shown in the catalogue's words `problems.<code>`. Every code of the
// registry has them, naming exactly the params the registry lists for it (a `count` through its plural forms), and
// the catalogue words no code the registry does not hold.
describe('English words for every problem code', () => {
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  /** Each sentence under `problems`, by its code (a plural's forms under one code). */
  function sentencesByCode(): Map<string, string[]> {
    const found = new Map<string, string[]>();
    const walk = (node: unknown, trail: string[]) => {
      if (typeof node === 'string') {
        const code = trail.join('.').replace(PLURAL, '');
        found.set(code, [...(found.get(code) ?? []), node]);
      } else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) walk(value, [...trail, key]);
    };
    walk(catalogue.problems, []);
    return found;
  }
  const sentences = sentencesByCode();
  const placeholders = (sentence: string) => [...sentence.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);

  it('has a sentence for every code of the registry, and no sentence without a code', () => {
    expect(Object.keys(PROBLEM_CODES).length).toBeGreaterThan(40);
    expect(Object.keys(PROBLEM_CODES).filter((code) => !sentences.has(code))).toEqual([]);
    expect([...sentences.keys()].filter((code) => !Object.hasOwn(PROBLEM_CODES, code))).toEqual([]);
  });

  it("names in each sentence exactly the params its code sends, in the catalogue's style", () => {
    for (const [code, forms] of sentences) {
      const sent = (PROBLEM_CODES as Record<string, readonly string[]>)[code]!;
      // An amount's two params (minor units, currency) are named once, written as an amount.
      const money = sent.includes(MONEY_PARAMS.minor) && sent.includes(MONEY_PARAMS.currency);
      const params = (money ? [...sent.filter((name) => name !== MONEY_PARAMS.minor && name !== MONEY_PARAMS.currency), MONEY_PARAMS.written] : [...sent])
        // A second amount of the same currency is named written, as the first.
        .map((name) => (money && name === SECOND_MONEY_PARAMS.minor ? SECOND_MONEY_PARAMS.written : name))
        .sort();
      for (const sentence of forms) {
        expect([...new Set(placeholders(sentence))].sort(), `${code}: ${sentence}`).toEqual(params);
        // Full sentences: a capital first (or a value), a full stop last.
        expect(sentence, code).toMatch(/^([A-Z]|\{\{)/);
        expect(sentence, code).toMatch(/\.$/);
      }
      // A code whose sentence counts has a form for one and for more.
      if (params.includes('count')) expect(forms.length, code).toBeGreaterThanOrEqual(2);
    }
  });

  it('has a word for every value a worded param sends (a status as the screens name it)', () => {
    const used = Object.entries(WORDED_PARAMS).flatMap(([code, names]) =>
      Object.entries(names as Record<string, string>).map(([name, branch]) => ({ code, name, branch })),
    );
    expect(used.length).toBeGreaterThan(0);
    for (const { code, name, branch } of used) {
      expect((PROBLEM_CODES as Record<string, readonly string[]>)[code], `${code} sends ${name}`).toContain(name);
      const values = WORDED_BRANCHES.get(branch);
      expect(values, `the values of ${branch}`).toBeDefined();
      expect(
        values!.filter((value) => typeof englishOf(`${branch}.${value}`) !== 'string'),
        branch,
      ).toEqual([]);
    }
  });
});
