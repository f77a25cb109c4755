import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The architecture's import boundaries fail the lint, so they fail the build (eslint/boundaries.js).
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** Every boundary message ends by naming the section of the architecture document that explains it. */
const ARCHITECTURE_POINTER = ' (docs/architecture.md, "The import rule")';

async function boundaryMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'folio/boundaries' || message.ruleId === 'no-restricted-globals')
    .map((message) => message.message.replace(ARCHITECTURE_POINTER, ''));
}

describe('import boundaries', () => {
  it('keeps React and the DOM out of machines/', async () => {
    expect(await boundaryMessages("import { useState } from 'react';\nexport const x = useState;\n", 'machines/example.machine.ts')).toEqual([
      'machines/ must not import React or browser code ("react")',
    ]);
    expect(await boundaryMessages('export const load = () => fetch("/x");\n', 'machines/example.machine.ts')).toHaveLength(1);
    expect(await boundaryMessages("import { call } from '../src/lib/api-client';\nexport const x = call;\n", 'machines/example.machine.ts')).toEqual([
      'machines/ must not import from src/',
    ]);
  });

  it('keeps src/ out of server/', async () => {
    expect(await boundaryMessages("import { call } from '../src/lib/api-client';\nexport const x = call;\n", 'server/example.ts')).toEqual([
      'server/ must not import from src/',
    ]);
    expect(await boundaryMessages("import { endpoints } from '../contract/endpoints';\nexport const x = endpoints;\n", 'server/example.ts')).toEqual([]);
  });

  it('keeps features from importing each other', async () => {
    expect(await boundaryMessages("import { x } from '../payouts/payouts-screen';\nexport const y = x;\n", 'src/features/transactions/example.ts')).toEqual([
      'feature "transactions" must not import feature "payouts"; move shared code to src/components or src/lib',
    ]);
    expect(await boundaryMessages("import { x } from './other-file';\nexport const y = x;\n", 'src/features/transactions/example.ts')).toEqual([]);
    expect(await boundaryMessages("import { call } from '../../lib/api-client';\nexport const y = call;\n", 'src/features/transactions/example.ts')).toEqual(
      [],
    );
  });

  it('keeps features out of the shell and shared code out of features and the shell', async () => {
    expect(await boundaryMessages("import { x } from '../../app/shell/app-shell';\nexport const y = x;\n", 'src/features/payouts/example.ts')).toEqual([
      'feature "payouts" must not import the shell (src/app); reach shared state through src/lib',
    ]);
    expect(await boundaryMessages("import { x } from '../features/payouts/payouts-screen';\nexport const y = x;\n", 'src/lib/example.ts')).toEqual([
      'src/lib must not import src/features; shared code depends on nothing above it',
    ]);
    expect(await boundaryMessages("import { x } from '../../app/routes';\nexport const y = x;\n", 'src/components/data-table/example.ts')).toEqual([
      'src/components must not import src/app; shared code depends on nothing above it',
    ]);
    // The shell composes features and shared code; shared code may use shared code.
    expect(await boundaryMessages("import { x } from '../features/payouts/payouts-screen';\nexport const y = x;\n", 'src/app/example.ts')).toEqual([]);
    expect(await boundaryMessages("import { call } from '../lib/api-client';\nexport const y = call;\n", 'src/components/example.ts')).toEqual([]);
  });

  it('keeps domain code out of src/components (decision 0600)', async () => {
    // A folder named for a domain, whatever it imports.
    expect(await boundaryMessages('export const x = 1;\n', 'src/components/payouts/payout-card.tsx')).toEqual([
      'src/components/payouts is named for a domain: domain code lives in its feature, src/features/<feature> (decision 0600)',
    ]);
    expect(await boundaryMessages('export const x = 1;\n', 'src/components/settings-forms/fees/fees-form.tsx')).toHaveLength(1);
    // A kit folder reading a domain's contract module.
    expect(
      await boundaryMessages(
        "import type { PayoutRow } from '../../../contract/payouts';\nexport type X = PayoutRow;\n",
        'src/components/data-table/payout-cell.tsx',
      ),
    ).toEqual(['src/components must not import the domain module contract/payouts: domain code lives in its feature, src/features/<feature> (decision 0600)']);
    expect(
      await boundaryMessages("import { x } from '../../../contract/settings/pages';\nexport const y = x;\n", 'src/components/page-layout/example.ts'),
    ).toEqual([
      'src/components must not import the domain module contract/settings/pages: domain code lives in its feature, src/features/<feature> (decision 0600)',
    ]);
    // What every domain shares stays open to the kit, and a feature reads any contract module.
    expect(await boundaryMessages("import { x } from '../../../contract/paging';\nexport const y = x;\n", 'src/components/data-table/example.ts')).toEqual([]);
    expect(await boundaryMessages("import { x } from '../../../contract/payouts';\nexport const y = x;\n", 'src/features/payouts/example.ts')).toEqual([]);
  });

  it('points every refusal at docs/architecture.md, which exists in the repository', async () => {
    const [result] = await eslint.lintText("import { x } from '../payouts/payouts-screen';\nexport const y = x;\n", {
      filePath: 'src/features/transactions/example.ts',
    });
    const messages = (result?.messages ?? []).filter((message) => message.ruleId === 'folio/boundaries').map((message) => message.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/docs\/architecture\.md, "The import rule"\)$/);
    expect(readFileSync(path.resolve(import.meta.dirname, '../../docs/architecture.md'), 'utf8')).toContain('## The import rule');
  });
});
