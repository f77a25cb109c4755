import { rmSync } from 'node:fs';
import { MODEL_COVERAGE_DIR } from './coverage-record';

// Playwright global setup: each run's coverage report counts only the paths of that run.
export default function clearModelCoverage(): void {
  // Sharded runs (scripts/e2e-shards.mjs) clear it once before starting their shards.
  if (process.env.MODEL_COVERAGE_KEEP === 'true') return;
  rmSync(MODEL_COVERAGE_DIR, { recursive: true, force: true });
}
