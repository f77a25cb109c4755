import { readdirSync, readFileSync } from 'node:fs';

// CPU time of processes as the kernel counts it (user + system), read from /proc: what a process
// spent, which a busy machine does not inflate the way it inflates wall time. Linux only; elsewhere
// every reading is undefined and the bench says the figure is not readable.

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux build Node runs on. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, or undefined when it cannot be read (gone, not Linux). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system CPU of one process in ms, or undefined when it cannot be read. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND : undefined;
}

/**
 * Minor page faults of one process (memory it touched for the first time since it was mapped: a block the C
 * heap handed out afresh and the kernel zeroed), or undefined when it cannot be read.
 */
export function processMinorFaults(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[7]) : undefined;
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

/** A counter (processCpuMs, processMinorFaults) per process id at one instant; processes that cannot be read are left out. */
export function snapshot(pids: readonly number[], read: (pid: number) => number | undefined = processCpuMs): Map<number, number> {
  const taken = new Map<number, number>();
  for (const pid of pids) {
    const value = read(pid);
    if (value !== undefined) taken.set(pid, value);
  }
  return taken;
}

/**
 * What a counter grew by between two snapshots, summed over the processes alive at the end (one started in
 * between counts from zero). A process that ended in between is not counted: what it spent is lost with it.
 */
export function grownBy(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, value] of after) total += value - (before.get(pid) ?? 0);
  return total;
}
