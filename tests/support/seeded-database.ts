import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { openPglite, pgliteDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';

/**
 * A data directory of the embedded engine, already migrated and seeded with the demo data and
 * `orders` orders, for one test app: a copy of the run's template for that volume. The first test
 * file of a run that needs a volume prepares its template; every later one copies the folder
 * (about 0.2 s) and opens it, where loading an archived data directory into memory took about
 * 1.5 s per test app. The run's folder is made fresh each time, so a template always matches the
 * migrations and seed of the tree under test. `remove` deletes the copy once its app has closed.
 */
export async function seededDatabase(orders: number): Promise<{ dataDir: string; remove: () => void }> {
  const root = inject('seededSnapshotDir');
  const template = path.join(root, `seeded-${orders}`);
  if (!existsSync(template)) await writeTemplateOnce(template, orders);
  const dataDir = mkdtempSync(path.join(root, `copy-${orders}-`));
  cpSync(template, dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * One worker prepares a volume while another that needs it waits for its folder: the two workers start
 * with the same longest files, and both built the same template at once (decision 0662). The lock is a
 * folder (its creation is atomic); a worker whose build failed removes it, and a waiter then builds.
 */
async function writeTemplateOnce(template: string, orders: number): Promise<void> {
  const lock = `${template}.lock`;
  try {
    mkdirSync(lock);
  } catch {
    // The other worker is preparing it: its complete folder appears at once (a rename).
    while (!existsSync(template)) {
      if (!existsSync(lock)) return writeTemplateOnce(template, orders);
      await sleep(50);
    }
    return;
  }
  try {
    await writeTemplate(template, orders);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function writeTemplate(template: string, orders: number): Promise<void> {
  // The folder is written under another name and renamed once complete, so a worker never sees half of
  // it. The new cluster is unpacked from the committed empty one by openPglite (decision 0661).
  const partial = `${template}.${process.pid}.partial`;
  const pglite = openPglite(partial);
  const db = pgliteDatabase(pglite);
  try {
    await migrateToLatest(db as never);
    await seedDemo(db, { orders });
  } finally {
    await db.destroy();
  }
  try {
    renameSync(partial, template);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
}
