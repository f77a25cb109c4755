import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { startAllowance } from './scripts/server-start.mjs';

// End-to-end tests run in Debian's Chromium (Playwright's own browser download cannot work here)
// against the real server serving the built SPA over a fresh embedded database with demo data.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
const spaDir = process.env.E2E_SPA_DIR ?? 'dist';
// Debian's headless shell (package chromium-headless-shell) runs the same Blink and V8 without the
// full browser's UI layers: the shell spec measured 74 s of machine CPU instead of 108 s. The full
// browser is the fallback where the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The model-based path tests record what they drove; each run starts from an empty record (npm run test:model).
  globalSetup: './testing/model/clear-coverage.ts',
  timeout: 60_000,
  // CI machines of this kind run up to 2x slower than a developer's, with three shards sharing 2 cores
  // (92-95 % busy in CI's e2e stage): a wait that suffices on a quiet machine needs a wide margin there.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace: recording one for every test (to keep it on failure) cost a fifth of the suite's CPU
    // (three shards: 937 s of machine CPU with it, 744 s without). A failure still leaves its screenshot and the
    // page's accessibility snapshot (error-context.md) in test-results.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // More flags for a measured comparison, '|' between them (docs/benchmarks.md, "Browser suite (CI time)").
        ...(process.env.E2E_EXTRA_CHROMIUM_ARGS ? process.env.E2E_EXTRA_CHROMIUM_ARGS.split('|') : []),
      ],
    },
  },
  webServer: {
    command: `node scripts/run-server.mjs ${process.env.E2E_SERVER_BUNDLE ?? 'dist-server/main.mjs'}`,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    // scripts/e2e-shards.mjs measured the start of the template this server copies (E2E_SERVER_START_MS):
    // a copy seeds nothing more, so that start times the factor plus a margin bounds this one. Without it
    // (one spec file on its own), the bound for a start that seeds the default volume (scripts/server-start.mjs).
    timeout: startAllowance(process.env.E2E_SERVER_START_MS ? Number(process.env.E2E_SERVER_START_MS) : undefined),
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_DEMO: 'true',
      FOLIO_SPA_DIR: spaDir,
      FOLIO_SEED_ORDERS: process.env.E2E_SEED_ORDERS ?? '5000',
      FOLIO_DEMO_PAYOUT_SETTLE_MS: '3000',
      FOLIO_SIGNIN_PER_MINUTE: '1000',
      FOLIO_FORGOT_PER_HOUR: '1000',
      // Every guest of the browser suite pays from 127.0.0.1: the per-address limit would count them all as one guest.
      FOLIO_GUEST_PAY_PER_TEN_MINUTES: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
