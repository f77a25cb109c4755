import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded database snapshots (tests/support/seeded-database.ts). */
    seededSnapshotDir: string;
  }
}

/** Vitest global setup: one empty folder per run for the seeded database snapshots, removed at the end. */
export default function prepareSnapshotFolder(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-seed-snapshots-'));
  project.provide('seededSnapshotDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
