import path from 'node:path';
import { defineConfig } from '@playwright/test';
import suite from '../../playwright.config';

// `npm run bench:page-load`: the browser suite's own browser and server (the e2e config), running only
// page-load-cost.bench.ts. Its paths are the repository's, not this folder's.
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  ...suite,
  testDir: '.',
  testMatch: '*.bench.ts',
  globalSetup: undefined,
  timeout: 600_000,
  webServer: { ...(suite.webServer as object), cwd: root } as typeof suite.webServer,
});
