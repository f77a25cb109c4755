import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { rowOf } from '../../contract/permission-rules';
import { ROLES, type RoleName } from '../../contract/roles';
import { CHARGE_CATEGORIES, PAYMENT_TYPES } from '../../contract/settings/payment';
import { hashPassword, PUBLISHED_PASSWORD_WORK } from '../auth/passwords';
import type { Db } from '../db/database';
import { APPLICANT_GROUP, DEMO_ANCHOR, DEMO_DOMAIN, DEMO_GROUP, DEMO_PASSWORD, FIRST_NAMES, LAST_NAMES, OTHER_GROUPS } from './demo-layout';
import { ROLE_API_GRANTS, ROLE_PAGE_GRANTS, ROLE_SIDES } from './role-permissions';
import { seedKyc } from './seed-kyc';
import { seedPaymentLinks } from './seed-payment-links';
import { seedRefunds } from './seed-refunds';
import { seedFees } from './seed-fees';
import { loadWithIndexesRebuilt, seedOrders, seedPayouts } from './seed-volume';
import { seedSettlementLines } from './seed-payouts';

/** The tables a seed of orders fills: the orders and the rows each one comes with. */
const ORDER_TABLES = ['orders', 'payment_operations', 'order_email_history', 'bookings', 'booking_logs'] as const;
/** Connections a bulk load of orders writes and builds indexes on, at once (PostgreSQL only): one per core, from 2 to 4. */
const BULK_CONNECTIONS = Math.min(4, Math.max(2, availableParallelism()));

interface SeedOptions {
  /** How many orders the demo should have in all; more are added when the database has fewer. */
  orders: number;
  log?: Pick<FastifyBaseLogger, 'info'>;
  /**
   * Whether to analyze the tables the new orders filled (default yes). A start on the embedded engine
   * says no: it vacuums and analyzes every changed table right after (server/db/maintenance.ts), and
   * analyzing 30,000 orders twice cost 0.4 s of CPU.
   */
  analyze?: boolean;
  /** Orders written per statement (default 100,000): a test makes it small to write a few orders in several chunks. */
  chunk?: number;
  /** Hears the name of each step as it ends, so a bench can time the steps (bench/start-steps.ts, `npm run seed`). */
  stepDone?: (step: string) => void;
}

/** Roles and their permissions are reference data: written on every start so changes take effect. */
export async function seedRoles(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const role of ROLES)
      await trx
        .insertInto('roles')
        .values({ name: role, side: ROLE_SIDES[role] })
        .onConflict((oc) => oc.column('name').doUpdateSet({ side: ROLE_SIDES[role] }))
        .execute();
    await trx.deleteFrom('role_permissions').execute();
    await trx.deleteFrom('role_api_grants').execute();
    const rowsOf = (grants: typeof ROLE_PAGE_GRANTS) =>
      ROLES.flatMap((role) => Object.entries(grants[role] ?? {}).map(([resource, actions]) => ({ role_name: role, resource, actions })));
    const pageRows = rowsOf(ROLE_PAGE_GRANTS);
    const apiRows = rowsOf(ROLE_API_GRANTS);
    if (pageRows.length) await trx.insertInto('role_permissions').values(pageRows).execute();
    if (apiRows.length) await trx.insertInto('role_api_grants').values(apiRows).execute();
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A demo date, so lists show the demo's story rather than the moment the seed ran. */
const daysBeforeAnchor = (days: number) => new Date(Date.parse(DEMO_ANCHOR) - days * DAY_MS);

async function insertGroup(
  db: Db,
  group: { name: string; status: string; country: string; properties: readonly { name: string; status: string; currency: string }[] },
  createdDaysAgo: number,
) {
  const createdAt = daysBeforeAnchor(createdDaysAgo);
  // Groups not in review (seed-kyc dates those) changed status a few weeks after they signed up.
  const statusChangedAt = daysBeforeAnchor(Math.max(1, createdDaysAgo - 21));
  const { id } = await db
    .insertInto('merchant_groups')
    .values({
      name: group.name,
      status: group.status,
      country: group.country,
      contact_email: null,
      created_at: createdAt,
      updated_at: statusChangedAt,
      status_changed_at: statusChangedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const merchantIds: string[] = [];
  for (const [position, property] of group.properties.entries()) {
    const merchant = await db
      .insertInto('merchants')
      .values({
        merchant_group_id: id,
        name: property.name,
        status: property.status,
        position,
        currency: property.currency,
        active: property.status !== 'Inactive',
        property_type: 'Hotel',
        checkin_time: '15:00',
        checkout_time: '11:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    merchantIds.push(merchant.id);
  }
  return { id, merchantIds };
}

export function demoEmail(role: string): string {
  return `${role.toLowerCase()}@${DEMO_DOMAIN}`;
}

/** Deterministic demo data; runs once per database (the users table tells), then only tops up orders. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const stepDone = options.stepDone ?? (() => undefined);
  await seedRoles(db);
  stepDone('roles');
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!existing) {
    const started = Date.now();
    const passwordHash = await hashPassword(DEMO_PASSWORD, PUBLISHED_PASSWORD_WORK);
    stepDone('password hash');
    const demo = await insertGroup(db, DEMO_GROUP, 400);
    // The demo group takes every payment type and charge category; the other groups keep the defaults
    // (Pay now, Rooms), so the link form shows both a wide and a narrow set of choices (issue 32).
    await db
      .insertInto('merchant_settings')
      .values({
        merchant_group_id: demo.id,
        merchant_id: null,
        kind: 'payment',
        data: JSON.stringify({ paymentTypes: PAYMENT_TYPES, chargeCategories: CHARGE_CATEGORIES, depositBasis: 'None', depositPercentage: 0 }),
        created_at: daysBeforeAnchor(400),
        updated_at: daysBeforeAnchor(400),
      })
      .execute();
    const applicant = await insertGroup(db, APPLICANT_GROUP, 2);
    for (const [index, group] of OTHER_GROUPS.entries()) await insertGroup(db, group, 60 + 11 * index);

    for (const [index, role] of ROLES.entries()) {
      const side = ROLE_SIDES[role];
      const merchantSide = side === 'merchant' || side === 'property' || side === 'api';
      await insertUser(db, {
        email: demoEmail(role),
        passwordHash,
        firstName: FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Demo',
        lastName: LAST_NAMES[index % LAST_NAMES.length] ?? 'User',
        roles: [role],
        merchantGroupId: merchantSide ? demo.id : null,
        // Every role scoped to assigned properties works on the demo group's, so the demo shows what it may do there (issue 32).
        merchantIds: merchantSide && rowOf(role)?.scope === 'assigned' ? demo.merchantIds : [],
      });
    }
    await insertUser(db, {
      email: `applicant@${DEMO_DOMAIN}`,
      passwordHash,
      firstName: 'Alma',
      lastName: 'Applicant',
      roles: ['MerchantAdmin'],
      merchantGroupId: applicant.id,
      merchantIds: [],
    });
    await db
      .insertInto('kyc_applications')
      .values({ merchant_group_id: applicant.id, created_at: daysBeforeAnchor(2), updated_at: daysBeforeAnchor(2) })
      .execute();
    stepDone('groups and users');
    await seedPayouts(db, DEMO_ANCHOR);
    stepDone('payouts');
    await seedKyc(db);
    stepDone('kyc');
    options.log?.info({ ms: Date.now() - started }, 'demo world seeded');
  }
  // Counted up to the number asked for, no further: a start on a database of ten million orders counted them all
  // (2.4 s) to learn that none was missing. Fewer than asked are counted exactly: the seed numbers on from them.
  const count = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT 1 FROM orders LIMIT ${options.orders}) AS asked`
    .execute(db)
    .then((result) => result.rows[0]!);
  const existingOrders = Number(count.n);
  const missing = options.orders - existingOrders;
  if (missing > 0) {
    const started = Date.now();
    // The rate is logged as it goes: whoever waits for this start (a test's private server, the
    // e2e templates) sets its deadline from it (scripts/server-start.mjs).
    const progress = (added: number, ms: number) =>
      options.log?.info({ added, of: missing, ms, ordersPerSecond: Math.round((added / Math.max(ms, 1)) * 1000) }, 'demo orders: seeding');
    const load = (connections: Db | readonly Db[]) => seedOrders(connections, existingOrders, missing, DEMO_ANCHOR, progress, options.chunk);
    // A bulk load (at least as many new orders as there were) builds the indexes of the orders and
    // their rows once afterwards, and on PostgreSQL writes and builds on as many connections as the
    // machine has cores (two at least), decision 0640.
    let loaded = false;
    if (missing >= existingOrders)
      await loadWithIndexesRebuilt(db, ORDER_TABLES, BULK_CONNECTIONS, load, (event) => {
        if (event !== 'load') return options.log?.info(event, 'demo orders: index built');
        loaded = true;
        stepDone('orders with their rows');
      });
    else await load(db);
    // On the embedded engine the load and the index builds are one transaction, timed as one step.
    stepDone(loaded ? 'indexes' : 'orders with their rows and indexes');
    // Statistics for the tables the orders filled, and only those (a sample each, not a pass over them).
    // One connection per table, all at once (on the embedded engine's one connection they queue).
    if (options.analyze ?? true) {
      await Promise.all(ORDER_TABLES.map((table) => sql.raw(`ANALYZE ${table}`).execute(db)));
      stepDone('analyze');
    }
    options.log?.info({ added: missing, ms: Date.now() - started }, 'demo orders seeded');
  }
  await seedPaymentLinks(db);
  stepDone('payment links');
  await seedRefunds(db);
  stepDone('refunds');
  await seedFees(db);
  stepDone('fees');
  // The payouts' lines once their orders, refunds and fee schedules exist: on the first start and after
  // a top-up of orders, never on a plain restart (which would rewrite the amounts the bank was told).
  if (!existing || missing > 0) await seedSettlementLines(db, BULK_CONNECTIONS);
  stepDone('settlement lines');
}

async function insertUser(
  db: Db,
  user: { email: string; passwordHash: string; firstName: string; lastName: string; roles: RoleName[]; merchantGroupId: string | null; merchantIds: string[] },
) {
  const { id } = await db
    .insertInto('users')
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      merchant_group_id: user.merchantGroupId,
      first_login: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values(user.roles.map((role_name, position) => ({ user_id: id, role_name, position })))
    .execute();
  if (user.merchantIds.length)
    await db
      .insertInto('user_merchant_scopes')
      .values(user.merchantIds.map((merchant_id) => ({ user_id: id, merchant_id })))
      .execute();
  return id;
}
