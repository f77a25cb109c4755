import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/support/longest-first-sequencer';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'machines/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts', 'contract/**/*.test.ts', 'testing/**/*.test.ts'],
    environment: 'node',
    // Generous: the limits only catch hangs, no test asserts a duration.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker keeps its imported modules from one test file to the next (the server, PGlite's compiled
    // engine): the suite measured 499 s of CPU instead of 823 s, 261 s instead of 430 s of wall time.
    // Test files still get fresh module instances of their own; the few that change globals (fake
    // timers, stubbed fetch, an environment variable) put them back in their after hooks.
    isolate: false,
    // An environment variable a test sets with vi.stubEnv (a time zone) is put back after that test.
    unstubEnvs: true,
    // One migrated, seeded database per run, copied by each test app instead of seeding again.
    globalSetup: ['tests/support/seed-snapshot.ts'],
    // Longest files first, from recorded durations, so the two workers end together.
    sequence: { sequencer: LongestFirstSequencer },
    // Two cores in CI: each file runs its own server and embedded database, so two files at once
    // halves the suite's wall time (the default leaves one core idle).
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
  },
});
