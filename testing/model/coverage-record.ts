import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { MachinePath } from './machine-paths';
import { pathCoverage } from './transition-coverage';

/*
 * What the browser runs of the model-based paths prove, written where the coverage report
 * (scripts/model-coverage.ts) reads it: one JSON line per path that passed in the real UI, and
 * per machine the reasons recorded beside its test for what no path takes.
 */

export const MODEL_COVERAGE_DIR = process.env.MODEL_COVERAGE_DIR ?? path.resolve('reports/model-coverage/raw');

export interface PathRecord {
  machine: string;
  path: string;
  states: string[];
  transitions: string[];
}

/** Called by the model driver once a path has passed in the browser. */
export function recordPassedPath(machine: AnyStateMachine, path_: MachinePath<AnyStateMachine>): void {
  const coverage = pathCoverage(machine, path_);
  const record: PathRecord = { machine: machine.id, path: path_.description, states: [...coverage.states], transitions: [...coverage.transitions] };
  mkdirSync(MODEL_COVERAGE_DIR, { recursive: true });
  appendFileSync(path.join(MODEL_COVERAGE_DIR, `${machine.id}.${process.pid}.paths.jsonl`), `${JSON.stringify(record)}\n`);
}

/**
 * Why a transition or state of `machine` is not driven in the browser, keyed by transition id
 * (`<source>|<event>|<index>`, see transition-coverage.ts) or state key. Call it at the top of the
 * machine's model-based spec, next to the paths it does drive.
 */
export function excuseUncovered(machine: AnyStateMachine, reasons: Record<string, string>): void {
  mkdirSync(MODEL_COVERAGE_DIR, { recursive: true });
  writeFileSync(path.join(MODEL_COVERAGE_DIR, `${machine.id}.excuses.json`), `${JSON.stringify(reasons, null, 2)}\n`);
}
