import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { DEMO, DOMAIN_USES, PLATFORM } from '../../eslint/server-rooms.js';
import { backwardImports, domainOfContract, registrationsAcross, roomCycles, serverRoomImports, serverSources } from '../../scripts/server-rooms.mjs';

// Each domain owns its room on the server (issue 11 "Code shape", decisions 0190 and 0455): the
// platform imports no domain, the domains import each other one way only, the demo seed sits on top,
// http/ holds no session queries, and KYC and merchant groups each touch only their own tables. Read
// from the source, so a new file that breaks a rule fails here; the lint refuses it earlier.

const repository = path.join(import.meta.dirname, '..', '..');
const server = path.join(repository, 'server');
const DOMAINS = Object.keys(DOMAIN_USES);

function filesIn(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesIn(full) : full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

function tablesNamedIn(room: string, tables: readonly string[]): string[] {
  return filesIn(path.join(server, room)).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return tables.filter((table) => new RegExp(String.raw`['"\`(\s.]${table}\b`).test(text)).map((table) => `${path.relative(server, file)} names ${table}`);
  });
}

const eslint = new ESLint({ cwd: repository });

/** The room messages the lint gives a file at `filePath` (it need not exist) holding `code`. */
async function roomMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'folio/boundaries').map((message) => message.message);
}

const planted = (specifier: string) => `import * as planted from '${specifier}';\nexport const x = planted;\n`;

describe('server rooms', () => {
  it('declares every folder of server/ as a room', () => {
    const folders = readdirSync(server).filter((name) => statSync(path.join(server, name)).isDirectory());
    expect(folders.filter((folder) => !PLATFORM.includes(folder) && !DOMAINS.includes(folder) && folder !== DEMO)).toEqual([]);
    expect(folders).toContain(DEMO);
  });

  it('has no import against the direction and no cycle between rooms (node scripts/server-rooms.mjs prints the same)', () => {
    expect(backwardImports().map(({ file, specifier, reason }) => `${file} -> ${specifier}: ${reason}`)).toEqual([]);
    expect(roomCycles()).toEqual([]);
  });

  it('keeps the platform free of domains: no platform room imports one', () => {
    const platformToDomain = serverRoomImports()
      .filter(({ from, to }) => PLATFORM.includes(from) && DOMAINS.includes(to))
      .map(({ file, to }) => `${file} -> ${to}`);
    expect(platformToDomain).toEqual([]);
  });

  it('fails the lint on a backward import planted in the platform', async () => {
    expect(await roomMessages('server/http/planted.ts', planted('../transactions/transaction-query'))).toEqual([
      expect.stringMatching(/^platform room "http" must not import domain "transactions"/),
    ]);
    expect(await roomMessages('server/db/planted.ts', planted('../auth/caller'))).toEqual([
      expect.stringMatching(/^platform room "db" must not import "auth", which sits above it/),
    ]);
    expect(await roomMessages('server/lists/planted.ts', planted('../db/database'))).toEqual([]);
  });

  it('fails the lint on an import that closes a cycle between domains, and lets a declared use through', async () => {
    expect(await roomMessages('server/merchant-groups/planted.ts', planted('../kyc/applications'))).toEqual([
      expect.stringMatching(/^domain "merchant-groups" may not import domain "kyc"/),
    ]);
    expect(await roomMessages('server/kyc/planted.ts', planted('../merchant-groups/groups'))).toEqual([]);
    expect(await roomMessages('server/kyc/planted.ts', planted('../http/route'))).toEqual([]);
  });

  it('keeps the demo seed on top in server/demo/: it may import any domain, nothing below imports it', async () => {
    expect(await roomMessages('server/demo/planted.ts', planted('../payouts/settlement-build'))).toEqual([]);
    expect(await roomMessages('server/demo/planted.ts', planted('../db/database'))).toEqual([]);
    expect(await roomMessages('server/transactions/planted.ts', planted('../demo/demo-layout'))).toEqual([
      expect.stringMatching(/^server\/transactions must not import the demo seed/),
    ]);
    expect(await roomMessages('server/db/planted.ts', planted('../demo/seed-demo'))).toEqual([
      expect.stringMatching(/^server\/db must not import the demo seed/),
    ]);
    expect(await roomMessages('server/http/planted.ts', planted('../demo/seed-volume'))).toEqual([
      expect.stringMatching(/^server\/http must not import the demo seed/),
    ]);
    // The composition roots start the seed.
    expect(await roomMessages('server/app.ts', planted('./demo/seed-demo'))).toEqual([]);
  });

  it("has each domain register its own routes: no room registers another domain's endpoints or route functions", () => {
    expect(registrationsAcross().map(({ file, reason }) => `${file} ${reason}`)).toEqual([]);
  });

  it("finds a planted registration across rooms: another domain's endpoints, another folder's routes", () => {
    const planted = [
      {
        file: 'merchants/planted.ts',
        text: "import { merchantConfigEndpoints } from '../../contract/payment-settings';\nregisterEndpoint(app, merchantConfigEndpoints.searchMerchantConfigs, handler);\n",
      },
      { file: 'payment-links/planted.ts', text: "import { registerHomeRoutes } from '../home/home-routes';\nregisterHomeRoutes(app);\n" },
      // Reading another domain's endpoint ids without registering them is no registration.
      {
        file: 'properties/planted.ts',
        text: "import { paymentEndpoints } from '../../contract/transaction-payments';\nexport const ids = [paymentEndpoints.authorizeOrder.id];\n",
      },
    ];
    expect(registrationsAcross([...serverSources(), ...planted]).map(({ file, of }) => `${file} -> ${of}`)).toEqual([
      'merchants/planted.ts -> payment-settings',
      'payment-links/planted.ts -> home',
    ]);
    expect(['payment-settings.ts', 'transaction-payments.ts', 'kyc/endpoints.ts', 'user-admin.ts', 'auth.ts'].map(domainOfContract)).toEqual([
      'payment-settings',
      'transactions',
      'kyc',
      'users',
      undefined,
    ]);
  });

  it('refuses a room nobody declared, so a new folder is placed on purpose', async () => {
    expect(await roomMessages('server/new-room/planted.ts', planted('../db/database'))).toEqual([
      expect.stringMatching(/^server room "new-room" is not declared in eslint\/server-rooms.js/),
    ]);
  });

  it('finds what it looks for (a domain that imports the generic rooms is seen)', () => {
    const arrows = new Set(serverRoomImports().map(({ from, to }) => `${from} -> ${to}`));
    expect(arrows).toContain('transactions -> lists');
    expect(arrows).toContain('transactions -> exports');
    expect(roomCycles([...serverRoomImports(), { file: 'planted.ts', specifier: '../kyc', from: 'merchant-groups', to: 'kyc' }])).not.toEqual([]);
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
