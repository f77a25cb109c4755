import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

// `npm start` and `npm run bench:export` run their bundle through scripts/run-server.mjs, so the
// bench measures the server with the runtime settings production uses (decision 0128). These run
// the launcher for real on a stand-in entry that reports what it was given.

const LAUNCHER = path.resolve('scripts/run-server.mjs');

function entry(source: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'folio-launch-')), 'entry.mjs');
  writeFileSync(file, source);
  return file;
}

function launch(entryFile: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, [LAUNCHER, entryFile, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => output };
}

describe('the server launcher', () => {
  const reporter = () =>
    entry(
      `const { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_ } = process.env;
      console.log(JSON.stringify({ execArgv: process.execArgv, malloc: { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_ }, args: process.argv.slice(2) })); process.exitCode = 3;`,
    );
  /** The test runner's environment without the settings the launcher chooses, and without a database address. */
  const { MALLOC_ARENA_MAX: _arena, MALLOC_MMAP_THRESHOLD_: _mmap, MALLOC_TRIM_THRESHOLD_: _trim, DATABASE_URL: _database, ...bareEnv } = process.env;

  it('starts the entry on node with the production flags and allocator settings, passing arguments and the exit code through', async () => {
    const run = launch(reporter(), ['--port', '1'], bareEnv);
    expect(await run.exited).toBe(3);
    const seen = JSON.parse(run.output()) as { execArgv: string[]; malloc: Record<string, string>; args: string[] };
    expect(seen.execArgv).toEqual(['--enable-source-maps', '--max-semi-space-size=4', '--no-wasm-tier-up']);
    // The embedded engine: glibc's starting thresholds, held (decision 0337).
    expect(seen.malloc).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' });
    expect(seen.args).toEqual(['--port', '1']);
  });

  it("on PostgreSQL lets blocks up to 1 MB (a compressed answer's encoder) come from the heap and keeps 4 MB of its free top", async () => {
    const run = launch(reporter(), [], { ...bareEnv, DATABASE_URL: 'postgres://folio@127.0.0.1:5432/folio' });
    expect(await run.exited).toBe(3);
    const seen = JSON.parse(run.output()) as { malloc: Record<string, string> };
    expect(seen.malloc).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_TRIM_THRESHOLD_: '4194304' });
  });

  it('keeps an allocator setting the operator chose', async () => {
    const reporter = entry(`console.log(process.env.MALLOC_ARENA_MAX);`);
    const run = launch(reporter, [], { ...process.env, MALLOC_ARENA_MAX: '4' });
    expect(await run.exited).toBe(0);
    expect(run.output().trim()).toBe('4');
  });

  it('passes SIGTERM on to the server, which shuts down on its own terms', async () => {
    const server = entry(
      `process.on('SIGTERM', () => { console.log('server got SIGTERM'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000);`,
    );
    const run = launch(server);
    while (!run.output().includes('ready')) await new Promise((resolve) => setTimeout(resolve, 20));
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('server got SIGTERM');
  });
});
