import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createPgliteCluster, openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

// `npx tsx bench/schema-snapshot-bench.ts` (decision 0620): the CPU a new embedded database's schema
// costs, replaying every migration against the schema snapshot in one step. One new cluster is made
// once; each round copies it and, in a new process (as a first start's server), opens it and times only
// the migration step with the process's own counters (user + system), the two ways alternating.
//   BENCH_ROUNDS (default 3)

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const [mode, dataDir] = [process.env.SCHEMA_BENCH_MODE, process.env.SCHEMA_BENCH_DIR];

if (mode && dataDir) {
  const db = openDatabase({ kind: 'pglite', dataDir });
  await sql`SELECT 1`.execute(db);
  const cpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const [startedCpu, startedWall] = [cpu(), performance.now()];
  const applied = await migrateToLatest(db as never, undefined, { fromSnapshot: mode === 'snapshot' });
  const [spentCpu, spentWall] = [cpu() - startedCpu, performance.now() - startedWall];
  await db.destroy();
  console.log(JSON.stringify({ cpuMs: spentCpu, wallMs: spentWall, applied: applied.length }));
} else {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-schema-bench-'));
  try {
    const cluster = path.join(root, 'cluster');
    await createPgliteCluster(cluster);
    console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} at the start`);
    const figures: Record<string, number[]> = { replay: [], snapshot: [] };
    for (let round = 1; round <= ROUNDS; round += 1)
      for (const way of ['replay', 'snapshot']) {
        const copy = path.join(root, `${way}-${round}`);
        cpSync(cluster, copy, { recursive: true });
        const out = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!], {
          env: { ...process.env, SCHEMA_BENCH_MODE: way, SCHEMA_BENCH_DIR: copy },
          encoding: 'utf8',
        });
        const result = JSON.parse(out.trim().split('\n').at(-1)!) as { cpuMs: number; wallMs: number; applied: number };
        figures[way]!.push(result.cpuMs);
        console.log(`round ${round} ${way.padEnd(8)} ${result.cpuMs.toFixed(0)} ms CPU (${result.wallMs.toFixed(0)} ms wall), ${result.applied} migrations`);
        rmSync(copy, { recursive: true, force: true });
      }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(`median CPU of the migration step: replay ${median(figures.replay!).toFixed(0)} ms, snapshot ${median(figures.snapshot!).toFixed(0)} ms`);
    console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
