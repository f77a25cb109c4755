// Usage: tsx scripts/model-coverage.ts [--check] [--record]
// Reads what the model-based path tests recorded in the browser (reports/model-coverage/raw/) and over real
// HTTP in the unit suite (reports/model-coverage/http/, for machines whose moves no screen makes), writes the
// coverage report (reports/model-coverage/coverage.md, coverage.json, one coloured SVG per machine) and
// prints one line per machine. --check fails when a machine's coverage drops below
// testing/model/coverage-baseline.json, when something is left out with no recorded reason, or when a
// reason names a test file that does not exist; --record writes the current figures as the new
// baseline and the coloured diagrams to docs/statecharts/coverage/, which the statechart index links.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PathRecord } from '../testing/model/coverage-record';
import { coverageProblems, machineCoverage, markdownReport, summaryLine, type CoverageBaseline } from '../testing/model/coverage-report';
import { coverageSvg } from './statecharts/coverage-svg';
import { loadMachines } from './statecharts/discover';

const rootDir = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(rootDir, 'reports', 'model-coverage');
const rawDir = process.env.MODEL_COVERAGE_DIR ?? path.join(reportDir, 'raw');
const httpDir = process.env.MODEL_COVERAGE_HTTP_DIR ?? path.join(reportDir, 'http');
const recordDirs = [rawDir, httpDir];
const baselineFile = path.join(rootDir, 'testing', 'model', 'coverage-baseline.json');
const recordedDiagramsDir = path.join(rootDir, 'docs', 'statecharts', 'coverage');
const exists = (file: string) => existsSync(path.join(rootDir, file));

const files = recordDirs.flatMap((dir) => (existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name)) : []));
const records: PathRecord[] = files
  .filter((file) => file.endsWith('.paths.jsonl'))
  .flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as PathRecord),
  );
const excusesOf = (machineId: string): Record<string, string> =>
  Object.assign(
    {},
    ...recordDirs
      .map((dir) => path.join(dir, `${machineId}.excuses.json`))
      .filter((file) => existsSync(file))
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>),
  ) as Record<string, string>;
const baseline: CoverageBaseline = existsSync(baselineFile) ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as CoverageBaseline) : {};

const machines = (await loadMachines(rootDir)).map((entry) => entry.machine);
const tested = machines.filter((machine) => records.some((record) => record.machine === machine.id) || machine.id in baseline);
const report = tested.map((machine) => machineCoverage(machine, records, excusesOf(machine.id)));

mkdirSync(reportDir, { recursive: true });
writeFileSync(path.join(reportDir, 'coverage.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(reportDir, 'coverage.md'), markdownReport(report));
for (const machine of tested) {
  const coverage = report.find((entry) => entry.machine === machine.id);
  if (coverage) writeFileSync(path.join(reportDir, `${machine.id}.svg`), coverageSvg(machine, coverage, exists));
}
for (const entry of report) console.log(summaryLine(entry));
console.log(`report: ${path.relative(rootDir, path.join(reportDir, 'coverage.md'))}`);

if (process.argv.includes('--record')) {
  const recorded: CoverageBaseline = Object.fromEntries(
    report.map((entry) => [entry.machine, { states: entry.states.covered, transitions: entry.transitions.covered }]),
  );
  writeFileSync(baselineFile, `${JSON.stringify(recorded, null, 2)}\n`);
  mkdirSync(recordedDiagramsDir, { recursive: true });
  for (const machine of tested) {
    const coverage = report.find((entry) => entry.machine === machine.id);
    if (coverage) writeFileSync(path.join(recordedDiagramsDir, `${machine.id}.svg`), coverageSvg(machine, coverage, exists));
  }
  console.log(
    `recorded ${path.relative(rootDir, baselineFile)} and the diagrams in ${path.relative(rootDir, recordedDiagramsDir)}/ (npm run diagrams links them)`,
  );
}
if (process.argv.includes('--check')) {
  const problems = coverageProblems(report, baseline, exists);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exitCode = 1;
}
