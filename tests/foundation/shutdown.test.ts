import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app';

// On close (SIGTERM in production) the background workers stop before the database closes, so work
// in flight finishes against an open database instead of failing under it ("PGlite is closed").
// The demo payout rail runs a round every millisecond here, each in a transaction; the database's
// close is made slow, and no round may begin once it has started.

describe('shutting the server down', () => {
  it('stops the background workers before it closes the database', async () => {
    const app = await startTestApp({ orders: 0, demoPayoutSettleMs: 1 });
    const db = app.ctx.db;
    let closing = false;
    let roundsDuringClose = 0;
    let roundsBefore = 0;
    const transaction = db.transaction.bind(db);
    db.transaction = (() => {
      if (closing) roundsDuringClose++;
      else roundsBefore++;
      return transaction();
    }) as typeof db.transaction;
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      closing = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return destroy();
    };
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();
    expect(roundsBefore).toBeGreaterThan(0);
    expect(roundsDuringClose).toBe(0);
  });
});
