import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its seeded database templates and the test apps' copies of them (tests/support/seeded-database.ts). */
    seededSnapshotDir: string;
  }
}

/** Shared memory when it has room for many database copies at once, else the temporary folder. */
function fastScratchRoot(): string {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize > 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm on this system
  }
  return tmpdir();
}

/** Vitest global setup: one empty folder per run for the seeded database templates, removed at the end. */
export default function prepareSnapshotFolder(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(fastScratchRoot(), 'folio-seed-snapshots-'));
  project.provide('seededSnapshotDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
