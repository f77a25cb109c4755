import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'machines/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts', 'contract/**/*.test.ts'],
    environment: 'node',
    // Generous: `npm test` runs this suite at the lowest priority beside the browser suite, so a
    // hook can wait for the CPU; the limits only catch hangs, no test asserts a duration.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One migrated, seeded database per run, copied by each test app instead of seeding again.
    globalSetup: ['tests/support/seed-snapshot.ts'],
    // Two cores in CI: each file runs its own server and embedded database, so two files at once
    // halves the suite's wall time (the default leaves one core idle).
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
  },
});
