import { readdirSync, readFileSync } from 'node:fs';

// CPU time of processes as the kernel counts it (user + system), read from /proc: what a process
// spent, which a busy machine does not inflate the way it inflates wall time. Linux only; elsewhere
// every reading is undefined and the bench says the figure is not readable.

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux build Node runs on. */
const TICKS_PER_SECOND = 100;

/** User + system CPU of one process in ms, or undefined when it cannot be read (gone, not Linux). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return ((user + system) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Minor page faults of one process (memory it touched for the first time since it was mapped: a block the C
 * heap handed out afresh and the kernel zeroed), or undefined when it cannot be read.
 */
export function processMinorFaults(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
  } catch {
    return undefined;
  }
}

/** Minor page faults per process id at one instant, as cpuSnapshot (cpuSpent sums their difference too). */
export function faultSnapshot(pids: readonly number[]): Map<number, number> {
  const snapshot = new Map<number, number>();
  for (const pid of pids) {
    const faults = processMinorFaults(pid);
    if (faults !== undefined) snapshot.set(pid, faults);
  }
  return snapshot;
}

/** The process and every descendant (a launcher, its server, the server's cluster workers). */
export function processTree(pid: number): number[] {
  const found = [pid];
  for (let index = 0; index < found.length; index += 1) {
    const parent = found[index] as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      continue; // it ended since it was found
    }
    for (const task of tasks) {
      try {
        for (const child of readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) found.push(Number(child));
      } catch {
        // the thread ended between the listing and the read
      }
    }
  }
  return found;
}

/** CPU per process id at one instant; processes that cannot be read are left out. */
export function cpuSnapshot(pids: readonly number[]): Map<number, number> {
  const snapshot = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) snapshot.set(pid, ms);
  }
  return snapshot;
}

/**
 * CPU spent between two snapshots by the processes alive at the end (one started in between counts
 * from zero). A process that ended in between is not counted: its time is lost with it.
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
