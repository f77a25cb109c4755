import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpMethod } from '../../contract/endpoint';
import { AUTH_BASE, BACKOFFICE_API, MERCHANT_API } from '../../contract/product';

// The calls spec section 7 names, as method and full server path, read from the spec's text.
// The spec sits beside the repository (`../shared/spec/`), which a checkout may not have: the list
// read from it is committed beside this file (`spec-calls.json`), and the test compares the two
// whenever the spec is there. `npx tsx tests/api/spec-calls.ts` rewrites the committed list.

export interface SpecCall {
  method: HttpMethod;
  /** The server's path, prefix included, with the spec's `{param}` names. */
  path: string;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const COMMITTED_LIST = path.join(HERE, 'spec-calls.json');
const SPEC_NAME = 'shared/spec/back-office-spec.md';

/** The spec beside the repository (a main checkout's `../shared`, a worktree's `../../shared`), if there is one. */
export function specFile(): string | undefined {
  const repo = path.resolve(HERE, '../..');
  return [path.resolve(repo, '..', SPEC_NAME), path.resolve(repo, '../..', SPEC_NAME)].find((candidate) => existsSync(candidate));
}

/** Where each sub-heading of section 7 puts its paths; identity paths are written in full. */
const PREFIX_BY_HEADING: Array<[RegExp, string]> = [
  [/^Auth\/identity/, ''],
  [/^Session client/, `${AUTH_BASE}/`],
  [/^Merchant API/, MERCHANT_API],
  [/^Back-office API/, `${BACKOFFICE_API}/`],
];

const METHOD = /^(GET|POST|PUT|PATCH|DELETE)$/;

/**
 * One bullet of the spec into calls. Bullets are `;`-separated groups, a group is comma-separated
 * methods (`GET, POST, PUT /x`) or comma-separated calls (`GET session, GET csrf`), and a path may
 * name alternatives (`signin/{p} or callback/{p}`, `{id}/approve and /reject`). Parenthesised notes
 * and query strings are not part of the path.
 */
function callsOfBullet(bullet: string, prefix: string): SpecCall[] {
  const calls: SpecCall[] = [];
  const text = bullet.replace(/\([^)]*\)/g, ' ');
  for (const group of text.split(';')) {
    let methods: HttpMethod[] = [];
    for (const part of group.split(',').map((value) => value.trim())) {
      const words = part.split(/\s+/).filter(Boolean);
      if (words.length === 0) continue;
      if (words.length === 1 && METHOD.test(words[0]!)) {
        methods.push(words[0] as HttpMethod);
        continue;
      }
      if (!METHOD.test(words[0]!)) continue;
      methods.push(words[0] as HttpMethod);
      const paths = alternatives(words.slice(1).join(' '));
      for (const method of methods) for (const one of paths) calls.push({ method, path: `${prefix}${one}` });
      methods = [];
    }
  }
  return calls;
}

/** `a/{id}/approve and /reject` -> both paths; `signin/{p} or callback/{p}` -> both; query strings dropped. */
function alternatives(written: string): string[] {
  const [first, ...others] = written.split(/\s+(?:or|and)\s+/).map((value) => value.trim().split('?')[0]!);
  const paths = [first!];
  for (const other of others) {
    // "and /reject" replaces the last segment of the first path.
    paths.push(other.startsWith('/') && !first!.startsWith('/') ? `${first!.slice(0, first!.lastIndexOf('/'))}${other}` : other);
  }
  return paths;
}

/** Every call of spec section 7, in the spec's order. */
export function specCallsOf(markdown: string): SpecCall[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('7. '));
  if (!section) throw new Error('the spec has no section 7');
  const calls: SpecCall[] = [];
  let prefix: string | undefined;
  for (const line of section.split('\n')) {
    if (line.startsWith('### ')) {
      prefix = PREFIX_BY_HEADING.find(([heading]) => heading.test(line.slice(4)))?.[1];
      continue;
    }
    if (prefix === undefined || !line.startsWith('- ')) continue;
    calls.push(...callsOfBullet(line.slice(2), prefix));
  }
  return calls;
}

export function committedSpecCalls(): SpecCall[] {
  return JSON.parse(readFileSync(COMMITTED_LIST, 'utf8')) as SpecCall[];
}

export function specCallsJson(calls: SpecCall[]): string {
  return `${JSON.stringify(calls, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const spec = process.argv[2] ?? specFile();
  if (!spec) throw new Error(`no spec found beside the repository (${SPEC_NAME}); name it: npx tsx tests/api/spec-calls.ts <path>`);
  const calls = specCallsOf(readFileSync(spec, 'utf8'));
  writeFileSync(COMMITTED_LIST, specCallsJson(calls));
  console.log(`wrote ${calls.length} calls to ${path.relative(process.cwd(), COMMITTED_LIST)}`);
}
