import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { MachinePath } from './machine-paths';
import { pathCoverage } from './transition-coverage';

/*
 * What the runs of the model-based paths prove, written where the coverage report
 * (scripts/model-coverage.ts) reads it: one JSON line per path that passed against the real
 * product, and per machine the reasons recorded beside its test for what no path takes.
 */

/** Paths run in the browser (Playwright); each browser run clears it first. */
export const MODEL_COVERAGE_DIR = process.env.MODEL_COVERAGE_DIR ?? path.resolve('reports/model-coverage/raw');
/**
 * Paths run over real HTTP in the unit suite (its `*-model.test.ts` files), for a machine whose moves
 * no screen makes (a bank's answer): apart from the browser's, since the browser run clears its own
 * directory and runs after the unit suite. Each such test file clears its own machine's files.
 */
export const MODEL_COVERAGE_HTTP_DIR = process.env.MODEL_COVERAGE_HTTP_DIR ?? path.resolve('reports/model-coverage/http');

export interface PathRecord {
  machine: string;
  path: string;
  states: string[];
  transitions: string[];
}

/** Called by the model driver once a path has passed against the product. */
export function recordPassedPath(machine: AnyStateMachine, path_: MachinePath<AnyStateMachine>, dir = MODEL_COVERAGE_DIR): void {
  const coverage = pathCoverage(machine, path_);
  const record: PathRecord = { machine: machine.id, path: path_.description, states: [...coverage.states], transitions: [...coverage.transitions] };
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `${machine.id}.${process.pid}.paths.jsonl`), `${JSON.stringify(record)}\n`);
}

/** Removes what earlier runs recorded for `machine` in `dir` (a test file over HTTP calls it before its paths). */
export function clearMachineCoverage(machine: AnyStateMachine, dir = MODEL_COVERAGE_HTTP_DIR): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (name.startsWith(`${machine.id}.`)) rmSync(path.join(dir, name), { force: true });
}

/**
 * Why a transition or state of `machine` is not driven in the browser, keyed by transition id
 * (`<source>|<event>|<index>`, see transition-coverage.ts) or state key. Call it at the top of the
 * machine's model-based spec, next to the paths it does drive.
 */
export function excuseUncovered(machine: AnyStateMachine, reasons: Record<string, string>, dir = MODEL_COVERAGE_DIR): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${machine.id}.excuses.json`), `${JSON.stringify(reasons, null, 2)}\n`);
}
