// Usage: tsx scripts/diagrams.ts [--check]
// Regenerates docs/statecharts/ (Mermaid source, SVG, README) from machines/**/*.machine.ts.
// With --check nothing is written; exits 1 when the committed files differ from what would be generated.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadMachines } from './statecharts/discover';
import { isInSync, renderDiagrams, syncDiagrams } from './statecharts/generate';

const rootDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(rootDir, 'docs', 'statecharts');
const check = process.argv.includes('--check');
const shown = (name: string) => path.relative(rootDir, path.join(outDir, name));

const entries = await loadMachines(rootDir);
// The coverage diagrams recorded with the model coverage baseline (scripts/model-coverage.ts --record).
const coverageDir = path.join(outDir, 'coverage');
const withCoverage = new Set(existsSync(coverageDir) ? readdirSync(coverageDir).map((name) => name.replace(/\.svg$/, '')) : []);
const report = syncDiagrams(outDir, renderDiagrams(entries, withCoverage), check ? 'check' : 'write');

if (check) {
  for (const name of report.stale) console.error(`stale:   ${shown(name)}`);
  for (const name of report.missing) console.error(`missing: ${shown(name)}`);
  for (const name of report.extra) console.error(`extra:   ${shown(name)} (its machine no longer exists)`);
  if (!isInSync(report)) {
    console.error('Statechart diagrams are out of date: run `npm run diagrams` and commit docs/statecharts/.');
    process.exitCode = 1;
  } else {
    console.log(`Statechart diagrams are up to date (${entries.length} machine${entries.length === 1 ? '' : 's'}).`);
  }
} else {
  for (const name of report.written) console.log(`wrote   ${shown(name)}`);
  for (const name of report.deleted) console.log(`deleted ${shown(name)}`);
  console.log(`${entries.length} machine${entries.length === 1 ? '' : 's'}; ${report.written.length} file(s) written, ${report.deleted.length} deleted.`);
}
