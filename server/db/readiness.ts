// Whether a server's database is ready yet (decision 0652): server/http/database-readiness.ts holds calls
// until it is, and starts the modules' work after it.

/**
 * Whether the database is ready: a promise for `npm start`'s early listen, or ready from the start when
 * the caller prepared the database before building the app (tests, FOLIO_WORKERS' processes).
 */
export class DatabaseReadiness {
  private readyNow: boolean;
  private readonly steps: Promise<unknown>[] = [];
  private everything: Promise<void> | undefined;

  private constructor(private readonly database: Promise<void> | undefined) {
    this.readyNow = database === undefined;
    // A failure is reported by whoever awaits `ready` (the server's entry exits on it); not unhandled here.
    database?.catch(() => undefined);
  }

  /** The database was prepared before the app was built. */
  static prepared(): DatabaseReadiness {
    return new DatabaseReadiness(undefined);
  }

  /** The database is being prepared: calls wait for `preparing`. */
  static preparing(preparing: Promise<void>): DatabaseReadiness {
    return new DatabaseReadiness(preparing);
  }

  get isReady(): boolean {
    return this.readyNow;
  }

  /** Runs `step` once the database is ready; `ready` then waits for it too. Called before the server listens. */
  after(step: () => Promise<unknown> | unknown): Promise<unknown> {
    if (this.everything) throw new Error('a start step was added after the server listened');
    const run = (this.database ?? Promise.resolve()).then(step);
    run.catch(() => undefined);
    this.steps.push(run);
    return run;
  }

  /** The database and every step after it: what a call waits for. Rejects with the first failure. */
  get ready(): Promise<void> {
    this.everything ??= (this.database ?? Promise.resolve())
      .then(() => Promise.all(this.steps))
      .then(() => {
        this.readyNow = true;
      });
    return this.everything;
  }
}
