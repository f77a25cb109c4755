import { rmSync } from 'node:fs';
import { MODEL_COVERAGE_DIR } from './coverage-record';

// Playwright global setup: each run's coverage report counts only the paths of that run.
export default function clearModelCoverage(): void {
  rmSync(MODEL_COVERAGE_DIR, { recursive: true, force: true });
}
