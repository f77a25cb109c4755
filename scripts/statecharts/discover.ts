import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';
import type { MachineEntry } from './generate';

/** Every `*.machine.ts` below `dir` (test files excluded), sorted, as absolute paths. */
export function findMachineFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findMachineFiles(full));
    else if (entry.name.endsWith('.machine.ts') && !entry.name.endsWith('.test.ts')) found.push(full);
  }
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `instanceof` fails when a machine was built by a second copy of xstate (e.g. another
 * export condition), so the shape is checked as well.
 */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (value instanceof StateMachine) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<'root' | 'config' | 'transition' | 'getInitialSnapshot', unknown>>;
  return (
    typeof candidate.root === 'object' &&
    candidate.root !== null &&
    typeof candidate.config === 'object' &&
    typeof candidate.transition === 'function' &&
    typeof candidate.getInitialSnapshot === 'function'
  );
}

/** Imports every machine file under `<rootDir>/<machinesDir>` and returns each exported machine once. */
export async function loadMachines(rootDir: string, machinesDir = 'machines'): Promise<MachineEntry[]> {
  const entries: MachineEntry[] = [];
  const seen = new Set<AnyStateMachine>();
  const owners = new Map<string, string>();
  for (const file of findMachineFiles(path.join(rootDir, machinesDir))) {
    const sourceFile = path.relative(rootDir, file).split(path.sep).join('/');
    const exports: Record<string, unknown> = await import(pathToFileURL(file).href);
    for (const name of Object.keys(exports).sort()) {
      const value = exports[name];
      if (!isStateMachine(value) || seen.has(value)) continue;
      seen.add(value);
      if (value.id === '(machine)') {
        throw new Error(`${sourceFile}: export "${name}" has no machine id; give it an \`id\` (it names the diagram files).`);
      }
      const owner = owners.get(value.id);
      if (owner) throw new Error(`Machine id "${value.id}" is used by both ${owner} and ${sourceFile}#${name}.`);
      owners.set(value.id, `${sourceFile}#${name}`);
      entries.push({ machine: value, sourceFile });
    }
  }
  return entries;
}
