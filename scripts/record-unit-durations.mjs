// Usage: node scripts/record-unit-durations.mjs <vitest json report>
// Writes tests/durations.json (seconds per test file, relative to the repository) from a Vitest JSON
// report, for the longest-first order of the unit suite (tests/support/longest-first-sequencer.ts).
// `npm run test:unit:record` runs the suite with that report and records it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const report = process.argv[2];
if (!report) {
  console.error('usage: node scripts/record-unit-durations.mjs <vitest json report>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const seconds = Object.fromEntries(
  testResults
    .map((result) => [path.relative(process.cwd(), result.name).split(path.sep).join('/'), Math.round((result.endTime - result.startTime) / 100) / 10])
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync('tests/durations.json', `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`recorded ${Object.keys(seconds).length} test files in tests/durations.json`);
