import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from './migrations/0001-foundation';
import * as roleApiGrants from './migrations/0010-role-api-grants';
import * as ordersPayoutsExports from './migrations/0020-orders-payouts-exports';
import * as kyc from './migrations/0030-kyc';
import * as maskEmailSecrets from './migrations/0040-mask-email-secrets';
import * as refreshTokenRotation from './migrations/0050-refresh-token-rotation';
import * as rateLimitCounters from './migrations/0051-rate-limit-counters';
import * as paymentOperations from './migrations/0080-payment-operations';
import * as idempotencyKeys from './migrations/0090-idempotency-keys';
import * as cardTokens from './migrations/0100-card-tokens';
import * as orderMetadata from './migrations/0101-order-metadata';
import * as bookingsPms from './migrations/0102-bookings-pms';
import * as paymentLinkCheckout from './migrations/0110-payment-link-checkout';
import * as refundApprovals from './migrations/0120-refund-approvals';
import * as settingsStore from './migrations/0140-settings-store';
import * as propertyLifecycle from './migrations/0150-property-lifecycle';
import * as propertyApiKeys from './migrations/0151-property-api-keys';
import * as twoStep from './migrations/0160-two-step';
import * as integrations from './migrations/0170-integrations';
import * as webhookSecretOverlap from './migrations/0200-webhook-secret-overlap';
import * as merchantGroupNameUnique from './migrations/0201-merchant-group-name-unique';
import * as vccMerchantConfigs from './migrations/0202-vcc-merchant-configs';
import * as propertyBrandAssets from './migrations/0210-property-brand-assets';
import * as propertyInfoInColumns from './migrations/0211-property-info-in-columns';
import * as signInPolicy from './migrations/0220-sign-in-policy';
import * as ordersStatusIdIndex from './migrations/0240-orders-status-id-index';
import * as ordersGuestTrigramIndex from './migrations/0241-orders-guest-trigram-index';
import * as ordersGuestSearchColumn from './migrations/0242-orders-guest-search-column';
import * as paymentOperationsCapturesIndex from './migrations/0243-payment-operations-captures-index';
import * as secretKeysActAsThemselves from './migrations/0260-secret-keys-act-as-themselves';
import * as payoutSettlementLines from './migrations/0300-payout-settlement-lines';
import * as ordersGuestNameReadingOrder from './migrations/0320-orders-guest-name-reading-order';
import * as liveEvents from './migrations/0310-live-events';
import * as ordersReferenceById from './migrations/0330-orders-reference-by-id';
import * as refundLaterAnswers from './migrations/0340-refund-later-answers';
import * as linkExpiryAnnounced from './migrations/0350-link-expiry-announced';
import * as payoutAttemptsSentByRun from './migrations/0390-payout-attempts-sent-by-run';
import * as webhookAddressesVersion from './migrations/0400-webhook-addresses-version';
import * as kycFlaggedFieldValues from './migrations/0410-kyc-flagged-field-values';
import * as propertiesPaidByHand from './migrations/0420-properties-paid-by-hand';
import * as paidOrdersByMerchantDay from './migrations/0430-paid-orders-by-merchant-day';
import * as homeListsOwnIndexes from './migrations/0440-home-lists-own-indexes';
import * as bookingsInEachSortOrder from './migrations/0450-bookings-in-each-sort-order';
import * as bookingsSearchTrigrams from './migrations/0460-bookings-search-trigrams';
import * as sentEmailsByRecipient from './migrations/0470-sent-emails-by-recipient';
import * as webhookDeliveriesByReceiver from './migrations/0480-webhook-deliveries-by-receiver';
import * as auditByActor from './migrations/0490-audit-by-actor';
import * as refundsInEachSortOrder from './migrations/0500-refunds-in-each-sort-order';
import * as whatIsForgottenByAge from './migrations/0510-what-is-forgotten-by-age';
import { buildIndexesAside, type IndexBuiltAside } from './indexes-built-aside';
import { applySchemaSnapshot, isEmptyDatabase, type SchemaSnapshot } from './schema-snapshot';
import { schemaSnapshot } from './schema-snapshot.generated.mjs';

// Migrations are listed here rather than read from disk, so they work the same under tsx, in
// tests and in a bundle. Append new ones; never change what one that has shipped leaves behind (decision 0723
// changed how eleven of them build their indexes, not which indexes they build).
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0010-role-api-grants': roleApiGrants,
  '0020-orders-payouts-exports': ordersPayoutsExports,
  '0030-kyc': kyc,
  '0040-mask-email-secrets': maskEmailSecrets,
  '0050-refresh-token-rotation': refreshTokenRotation,
  '0051-rate-limit-counters': rateLimitCounters,
  '0080-payment-operations': paymentOperations,
  '0090-idempotency-keys': idempotencyKeys,
  '0100-card-tokens': cardTokens,
  '0101-order-metadata': orderMetadata,
  '0102-bookings-pms': bookingsPms,
  '0110-payment-link-checkout': paymentLinkCheckout,
  '0120-refund-approvals': refundApprovals,
  '0140-settings-store': settingsStore,
  '0150-property-lifecycle': propertyLifecycle,
  '0151-property-api-keys': propertyApiKeys,
  '0160-two-step': twoStep,
  '0170-integrations': integrations,
  '0200-webhook-secret-overlap': webhookSecretOverlap,
  '0201-merchant-group-name-unique': merchantGroupNameUnique,
  '0202-vcc-merchant-configs': vccMerchantConfigs,
  '0210-property-brand-assets': propertyBrandAssets,
  '0211-property-info-in-columns': propertyInfoInColumns,
  '0220-sign-in-policy': signInPolicy,
  '0240-orders-status-id-index': ordersStatusIdIndex,
  '0241-orders-guest-trigram-index': ordersGuestTrigramIndex,
  '0242-orders-guest-search-column': ordersGuestSearchColumn,
  '0243-payment-operations-captures-index': paymentOperationsCapturesIndex,
  '0260-secret-keys-act-as-themselves': secretKeysActAsThemselves,
  '0300-payout-settlement-lines': payoutSettlementLines,
  '0320-orders-guest-name-reading-order': ordersGuestNameReadingOrder,
  '0310-live-events': liveEvents,
  '0330-orders-reference-by-id': ordersReferenceById,
  '0340-refund-later-answers': refundLaterAnswers,
  '0350-link-expiry-announced': linkExpiryAnnounced,
  '0390-payout-attempts-sent-by-run': payoutAttemptsSentByRun,
  '0400-webhook-addresses-version': webhookAddressesVersion,
  '0410-kyc-flagged-field-values': kycFlaggedFieldValues,
  '0420-properties-paid-by-hand': propertiesPaidByHand,
  '0430-paid-orders-by-merchant-day': paidOrdersByMerchantDay,
  '0440-home-lists-own-indexes': homeListsOwnIndexes,
  '0450-bookings-in-each-sort-order': bookingsInEachSortOrder,
  '0460-bookings-search-trigrams': bookingsSearchTrigrams,
  '0470-sent-emails-by-recipient': sentEmailsByRecipient,
  '0480-webhook-deliveries-by-receiver': webhookDeliveriesByReceiver,
  '0490-audit-by-actor': auditByActor,
  '0500-refunds-in-each-sort-order': refundsInEachSortOrder,
  '0510-what-is-forgotten-by-age': whatIsForgottenByAge,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Areas number their migrations in ranges of their own, so a later-numbered one can land (and be
// applied to a running database) before an earlier-numbered one. Kysely would then refuse the
// database as "corrupted"; allowing unordered migrations applies the missing earlier ones instead.
// Every migration therefore only adds to what exists and never depends on a higher-numbered one.
//
// An empty database gets the schema snapshot (every migration it lists, in one step: decision 0620)
// when those migrations are among `available`, then the migrator applies any the snapshot does not
// hold yet. `fromSnapshot: false` replays every migration (what the snapshot is checked against).
//
// `indexesAside: 'later'` leaves the indexes migrations build aside to the caller: a server builds them once it
// answers (buildIndexesAsideInBackground, decision 0723). Scripts and tests get them built before this returns.
export async function migrateToLatest(
  db: Kysely<unknown>,
  available: Record<string, Migration> = migrations,
  { fromSnapshot = true, indexesAside = 'now' }: { fromSnapshot?: boolean; indexesAside?: 'now' | 'later' } = {},
): Promise<string[]> {
  // A restart over an up-to-date database (the common case) asks one question instead of running the
  // migrator, which takes its lock table, lists and orders every migration each time (decision 0472).
  // The indexes migrations build aside are checked on every start too: a server stopped while it built one
  // left its migration recorded and the index missing or invalid (decision 0723).
  const asideIndexes = indexesAside === 'now' ? indexesBuiltAsideBy(available) : [];
  if (await everyMigrationApplied(db, Object.keys(available))) {
    await buildIndexesAside(db, asideIndexes);
    return [];
  }
  const fromOneStep = fromSnapshot && snapshotApplies(schemaSnapshot, available) && (await isEmptyDatabase(db)) ? schemaSnapshot.migrations : [];
  if (fromOneStep.length) await applySchemaSnapshot(db, schemaSnapshot);
  if (fromOneStep.length === Object.keys(available).length) {
    await buildIndexesAside(db, asideIndexes);
    return [...fromOneStep];
  }
  const source = available === migrations ? provider : { getMigrations: async () => available };
  const migrator = new Migrator({ db, provider: source, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
  await vacuumRewrittenTables(
    db,
    applied.flatMap((name) => (available[name] as MigrationOfFolio).vacuumAfter ?? []),
  );
  await buildIndexesAside(db, asideIndexes);
  return [...fromOneStep, ...applied];
}

/** The indexes `available` migrations build aside (decision 0723). */
export function indexesBuiltAsideBy(available: Record<string, Migration> = migrations): IndexBuiltAside[] {
  return Object.values(available).flatMap((migration) => (migration as MigrationOfFolio).indexesBuiltAside ?? []);
}

/** Whether every migration the snapshot holds is one of `available` (the same module, not one of the same name). */
function snapshotApplies(snapshot: SchemaSnapshot, available: Record<string, Migration>): boolean {
  return snapshot.migrations.every((name) => available[name] !== undefined && available[name] === migrations[name]);
}

/** Whether the database has applied every one of `names` (Kysely's own record of them, where it keeps it). */
async function everyMigrationApplied(db: Kysely<unknown>, names: readonly string[]): Promise<boolean> {
  const { rows: found } = await sql<{ table: string | null }>`SELECT to_regclass('kysely_migration')::text AS table`.execute(db);
  if (!found[0]?.table) return false; // a new database
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return names.every((name) => applied.has(name));
}

/** What a migration may declare beside its `up`, for the runner to do after the migrations' transaction. */
export interface MigrationOfFolio extends Migration {
  /** Tables it rewrites, to be vacuumed once it is applied. */
  vacuumAfter?: readonly string[];
  /**
   * Indexes on tables that payments write to, built after the transaction without blocking writes on
   * PostgreSQL (server/db/indexes-built-aside.ts, decision 0723). Nothing in a migration may depend on
   * them: only queries use them, once complete.
   */
  indexesBuiltAside?: readonly IndexBuiltAside[];
}

/**
 * A table rewritten by a migration (a stored column added) starts with an empty visibility map:
 * every index-only scan visits the table again, and PostgreSQL's autovacuum does not count a
 * rewrite as changes. VACUUM cannot run inside the migration's transaction, so it runs here,
 * after all of them, on both engines (decision 0341).
 */
async function vacuumRewrittenTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of new Set(tables)) await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}
