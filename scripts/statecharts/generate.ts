import fs from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { toMermaid } from './to-mermaid';
import { toSvg } from './to-svg';
import { walkMachine } from './walk-machine';

export interface MachineEntry {
  machine: AnyStateMachine;
  /** Repository-relative path of the file exporting the machine, POSIX separators. */
  sourceFile?: string;
}

export interface DiagramFile {
  /** File name inside the output directory. */
  name: string;
  content: string;
}

export interface SyncReport {
  stale: string[];
  missing: string[];
  extra: string[];
  written: string[];
  deleted: string[];
}

const GENERATED = /\.(mmd|svg)$/;

export function diagramBaseName(machineId: string): string {
  return machineId.replace(/[^A-Za-z0-9._-]/g, '-');
}

/**
 * Pure: every file that belongs in the output directory, sorted by name. `withCoverage` names the
 * machines whose browser coverage diagram is recorded in coverage/ (npm run model:coverage -- --record).
 */
export function renderDiagrams(entries: MachineEntry[], withCoverage: ReadonlySet<string> = new Set()): DiagramFile[] {
  const sorted = [...entries].sort((a, b) => compare(a.machine.id, b.machine.id));
  const files: DiagramFile[] = [];
  const readme: string[] = [
    '# Statecharts',
    '',
    'Generated from `machines/**/*.machine.ts` by `npm run diagrams`; `npm run diagrams:check` fails when these files are out of date. Do not edit by hand.',
    '',
    'Browser coverage: `npm run test:model` drives the model-based paths of every machine that has them in Chromium and writes',
    '`reports/model-coverage/` (coverage.md, coverage.json, one coloured diagram per machine). The coverage diagrams linked below are',
    'the ones recorded with the baseline (`npm run model:coverage -- --record` after a full run): green = driven in the browser,',
    'blue = not in the browser but proven by the machine or API test its reason names, amber = not driven, with a reason,',
    'red = not driven and unexplained (CI fails on red and on coverage below the baseline).',
    '',
  ];
  if (sorted.length === 0) readme.push('No machines yet.');
  else readme.push('| Machine | What it is | Diagram | Browser coverage | Mermaid source | Defined in |', '| --- | --- | --- | --- | --- | --- |');
  for (const { machine, sourceFile } of sorted) {
    const model = walkMachine(machine);
    const base = diagramBaseName(model.id);
    files.push({ name: `${base}.mmd`, content: toMermaid(model, sourceFile) });
    files.push({ name: `${base}.svg`, content: toSvg(model) });
    const what = (model.description ?? model.id).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
    const source = sourceFile ? `[${sourceFile}](../../${sourceFile})` : '';
    const coverage = withCoverage.has(model.id) ? `[coverage/${base}.svg](coverage/${base}.svg)` : 'no browser paths yet';
    readme.push(`| \`${model.id}\` | ${what} | [${base}.svg](${base}.svg) | ${coverage} | [${base}.mmd](${base}.mmd) | ${source} |`);
  }
  files.push({ name: 'README.md', content: `${readme.join('\n')}\n` });
  return files.sort((a, b) => compare(a.name, b.name));
}

/**
 * `check` compares only; `write` rewrites what differs and deletes diagram files of machines that no longer exist.
 * Files other than `*.mmd`, `*.svg` and README.md in `outDir` are left alone.
 */
export function syncDiagrams(outDir: string, files: DiagramFile[], mode: 'check' | 'write'): SyncReport {
  const report: SyncReport = { stale: [], missing: [], extra: [], written: [], deleted: [] };
  const expected = new Set(files.map((f) => f.name));
  const present = fs.existsSync(outDir) ? fs.readdirSync(outDir).sort(compare) : [];
  for (const file of files) {
    const target = path.join(outDir, file.name);
    if (!fs.existsSync(target)) report.missing.push(file.name);
    else if (fs.readFileSync(target, 'utf8') !== file.content) report.stale.push(file.name);
  }
  report.extra = present.filter((name) => GENERATED.test(name) && !expected.has(name));
  if (mode === 'write') {
    fs.mkdirSync(outDir, { recursive: true });
    for (const file of files) {
      if (report.missing.includes(file.name) || report.stale.includes(file.name)) {
        fs.writeFileSync(path.join(outDir, file.name), file.content);
        report.written.push(file.name);
      }
    }
    for (const name of report.extra) {
      fs.rmSync(path.join(outDir, name));
      report.deleted.push(name);
    }
  }
  return report;
}

export function isInSync(report: SyncReport): boolean {
  return report.stale.length === 0 && report.missing.length === 0 && report.extra.length === 0;
}

/** Locale-independent ordering, so the output does not depend on the machine's ICU data. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
