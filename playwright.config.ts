import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests run in Debian's Chromium (Playwright's own browser download cannot work here)
// against the real server serving the built SPA over a fresh embedded database with demo data.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'folio-e2e-'));
const spaDir = process.env.E2E_SPA_DIR ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The model-based path tests record what they drove; each run starts from an empty record (npm run test:model).
  globalSetup: './testing/model/clear-coverage.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/run-server.mjs ${process.env.E2E_SERVER_BUNDLE ?? 'dist-server/main.mjs'}`,
    url: `http://localhost:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
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
      LOG_LEVEL: 'warn',
    },
  },
});
