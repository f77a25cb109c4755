import { CompiledQuery, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { DEFAULT_EXACT_COUNT_UP_TO } from '../config';

// Shared pieces of every big-list query (orders, payouts, sent e-mails) and the exports built on
// them: scope, date bounds, ORDER BY with a unique tiebreak and cheap counts (decisions 0121, 0190).
// A neutral room: it knows no domain, and no domain's export.

/** The merchants a query may return: the caller's scope, narrowed by the merchant header and the filter. */
export function effectiveMerchants(scope: 'all' | string[], header: string | undefined, requested: string[] | undefined): 'all' | string[] {
  let merchants: 'all' | string[] = scope;
  const narrow = (ids: string[]) => (merchants === 'all' ? [...new Set(ids)] : merchants.filter((id) => ids.includes(id)));
  if (header) merchants = narrow([header]);
  if (requested && requested.length > 0) merchants = narrow(requested);
  return merchants;
}

/** `createdFrom` bound: a date means that day's UTC midnight. */
export function lowerBound(bound: string): string {
  return bound.length === 10 ? `${bound}T00:00:00.000Z` : new Date(bound).toISOString();
}

/** `createdTo` bound, exclusive: a date covers that whole UTC day. */
export function upperBound(bound: string): string {
  if (bound.length !== 10) return new Date(bound).toISOString();
  const next = new Date(`${bound}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * The caller's scope as a condition on a merchant id column (`o.merchant_id`, ...): every merchant, the ones
 * listed, or none at all (`column` is the code's own, never a caller's text). The one place a list, an export or a
 * report narrows its rows to what the caller may see; ids go as uuid literals so the export's COPY can inline them.
 */
export function inMerchants(column: string, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  if (merchants === 'all') return sql<SqlBool>`TRUE`;
  if (merchants.length === 0) return sql<SqlBool>`FALSE`;
  return sql<SqlBool>`${sql.raw(column)} IN (${sql.join(merchants.map((id) => sql`${id}::uuid`))})`;
}

/** The filters every money list has (orders, refunds, payouts): when it was created, its currency, its amount range. */
export interface CreatedCurrencyAmount {
  createdFrom?: string;
  createdTo?: string;
  currency?: string;
  amountMin?: number;
  amountMax?: number;
}

/**
 * The conditions shared by the money lists, on table alias `t` (its merchant_id, created_at, currency and
 * amount_minor): the scope first, then the filters that are set. The caller adds its own and joins them with AND.
 */
export function moneyListConditions(t: string, filters: CreatedCurrencyAmount, merchants: 'all' | string[]): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [inMerchants(`${t}.merchant_id`, merchants)];
  if (filters.createdFrom) parts.push(sql`${sql.raw(`${t}.created_at`)} >= ${lowerBound(filters.createdFrom)}::timestamptz`);
  if (filters.createdTo) parts.push(sql`${sql.raw(`${t}.created_at`)} < ${upperBound(filters.createdTo)}::timestamptz`);
  if (filters.currency) parts.push(sql`${sql.raw(`${t}.currency`)} = ${filters.currency}`);
  if (filters.amountMin !== undefined) parts.push(sql`${sql.raw(`${t}.amount_minor`)} >= ${String(filters.amountMin)}::bigint`);
  if (filters.amountMax !== undefined) parts.push(sql`${sql.raw(`${t}.amount_minor`)} <= ${String(filters.amountMax)}::bigint`);
  return parts;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A sortable column: its SQL expression. */
export interface SortColumn {
  expr: string;
}
export interface SortKey extends SortColumn {
  desc: boolean;
}

/**
 * The ORDER BY keys of a request: the chosen columns, then the unique `tiebreak` in the direction
 * of the last key (so one index ending in the tiebreak serves both directions). Empty = default.
 */
export function sortKeys<K extends string>(
  columns: Record<K, SortColumn>,
  sorting: { id: K; desc: boolean }[],
  fallback: { id: K; desc: boolean },
  tiebreak: SortColumn,
): SortKey[] {
  const chosen = (sorting.length > 0 ? sorting : [fallback]).filter((sort, index, all) => all.findIndex((other) => other.id === sort.id) === index);
  const keys = chosen.map((sort) => ({ ...columns[sort.id], desc: sort.desc }));
  if (!keys.some((key) => key.expr === tiebreak.expr)) keys.push({ ...tiebreak, desc: keys[keys.length - 1]?.desc ?? true });
  return keys;
}

export function orderByClause(keys: SortKey[]): RawBuilder<unknown> {
  return sql.raw(keys.map((key) => `${key.expr} ${key.desc ? 'DESC' : 'ASC'}`).join(', '));
}

/** Set once at start from FOLIO_LIST_EXACT_COUNT_UP_TO (server/app.ts): every list of the process counts alike. */
let exactCountUpTo = DEFAULT_EXACT_COUNT_UP_TO;
export function setExactCountUpTo(rows: number): void {
  exactCountUpTo = rows;
}

/**
 * A page of a list with its total. An estimated total never claims fewer rows than the pages already seen, and a
 * page that is not full ends the list, so its total is exact whatever the count said (decision 0645).
 */
export function pageAnswer<T>(items: T[], count: { total: number; exact: boolean }, page: number, pageSize: number) {
  const endsHere = items.length < pageSize && (items.length > 0 || page === 0);
  if (!count.exact && endsHere) return { items, total: page * pageSize + items.length, totalExact: true, page, pageSize };
  const total = count.exact ? count.total : Math.max(count.total, page * pageSize + items.length);
  return { items, total, totalExact: count.exact, page, pageSize };
}

/**
 * With `estimateFirst`, a planner's estimate this many times past FOLIO_LIST_EXACT_COUNT_UP_TO stands without counting:
 * it would have to be wrong that many times over for the list to hold no more rows than the cap (decision 0645).
 */
export const TRUSTED_ESTIMATE_FACTOR = 5;

/**
 * Counts up to FOLIO_LIST_EXACT_COUNT_UP_TO rows exactly (an index scan that stops early); past the cap the planner's
 * row estimate stands in, so page 1 of a million rows never counts a million rows.
 *
 * With `estimateFirst: table`, once that table holds more than TRUSTED_ESTIMATE_FACTOR times the cap, the estimate is
 * asked first, and a list it puts that far past the cap is not counted at all: counting the cap's rows costs most
 * where no index answers the filter alone (the guest's name, read again in the table for every trigram match) or the
 * table's visibility map is behind (after a bulk load), and grows with the table. A smaller table is counted as
 * before, without the extra statement (decision 0645).
 */
export async function cappedCount(
  db: Db,
  matching: CompiledQuery,
  { estimateFirst }: { estimateFirst?: string } = {},
): Promise<{ total: number; exact: boolean }> {
  const trusted = exactCountUpTo * TRUSTED_ESTIMATE_FACTOR;
  const estimate = estimateFirst && (await tableRows(db, estimateFirst)) > trusted ? await plannedRows(db, matching) : undefined;
  if (estimate !== undefined && estimate >= trusted) return { total: estimate, exact: false };
  const counted = await db.executeQuery<{ n: string | number }>(
    CompiledQuery.raw(`SELECT count(*) AS n FROM (${matching.sql} LIMIT ${exactCountUpTo + 1}) AS capped`, [...matching.parameters]),
  );
  return countPastTheCap(db, matching, Number(counted.rows[0]?.n ?? 0), estimate);
}

/**
 * The capped count as an answer: exact up to the cap; past it, the planner's estimate of `matching` (the one already
 * asked for, when there is one).
 */
async function countPastTheCap(db: Db, matching: CompiledQuery, exactCount: number, estimate?: number): Promise<{ total: number; exact: boolean }> {
  if (exactCount <= exactCountUpTo) return { total: exactCount, exact: true };
  return { total: Math.max(estimate ?? (await plannedRows(db, matching)), exactCountUpTo + 1), exact: false };
}

/** How often a table's size is read again: it only decides whether to ask for an estimate first. */
const TABLE_ROWS_TTL_MS = 60_000;
const tableRowsSeen = new WeakMap<Db, Map<string, { rows: number; at: number }>>();

/** The table's row count as the engine's statistics last saw it (-1 before its first analyze), read at most once a minute. */
async function tableRows(db: Db, table: string): Promise<number> {
  const seen = tableRowsSeen.get(db) ?? new Map<string, { rows: number; at: number }>();
  tableRowsSeen.set(db, seen);
  const known = seen.get(table);
  if (known && Date.now() - known.at < TABLE_ROWS_TTL_MS) return known.rows;
  const { rows } = await sql<{ rows: number | string | null }>`SELECT reltuples AS rows FROM pg_class WHERE oid = to_regclass(${table})`.execute(db);
  const found = Number(rows[0]?.rows ?? -1);
  seen.set(table, { rows: found, at: Date.now() });
  return found;
}

/**
 * How long a planner's estimate of one query (its text and values) is used again. It moves only when the engine's
 * statistics do (an analyze), so a list paged, sorted again or asked for anew by the same filter asks for it once a
 * minute at most, instead of once per call (decision 0656).
 */
const ESTIMATE_TTL_MS = 60_000;
/** Estimates kept per database; the map is emptied when it reaches this, so no caller can grow it without bound. */
const MAX_ESTIMATES = 1_000;
const estimatesSeen = new WeakMap<Db, Map<string, { rows: number; at: number }>>();

const estimateKey = (matching: CompiledQuery) => `${matching.sql}\0${JSON.stringify(matching.parameters)}`;

/** The planner's estimate of `matching` asked for less than a minute ago, if any. */
function knownEstimate(db: Db, matching: CompiledQuery): number | undefined {
  const known = estimatesSeen.get(db)?.get(estimateKey(matching));
  return known && Date.now() - known.at < ESTIMATE_TTL_MS ? known.rows : undefined;
}

/** The planner's estimate of the rows a query returns (EXPLAIN plans it and runs nothing), kept for a minute. */
async function plannedRows(db: Db, matching: CompiledQuery): Promise<number> {
  const known = knownEstimate(db, matching);
  if (known !== undefined) return known;
  const rows = await askPlanner(db, matching);
  const seen = estimatesSeen.get(db) ?? new Map<string, { rows: number; at: number }>();
  estimatesSeen.set(db, seen);
  if (seen.size >= MAX_ESTIMATES) seen.clear();
  seen.set(estimateKey(matching), { rows, at: Date.now() });
  return rows;
}

async function askPlanner(db: Db, matching: CompiledQuery): Promise<number> {
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${matching.sql}`, [...matching.parameters]));
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * A page of a list and its capped count in one statement (decision 0636): each statement costs the server a
 * round trip and the decoding of its answer, more than counting in the same statement costs the database.
 * The count rides on every row of the page as an uncorrelated subquery (PostgreSQL runs it once); an empty
 * page carries none. An empty first page is the whole answer (the filter matches nothing, in the statement's own
 * snapshot), so nothing more is asked; a later page found empty has its count run alone, as does the planner's
 * estimate past the cap. A first page with room left is the whole list too: its rows are the count, and the count's
 * own search is not run (decision 0719: looking up one booking by its reference or e-mail searched the trigram index
 * twice). `page` is the page's whole select (its order, limit and offset: `firstPage` says whether that offset is 0,
 * `pageSize` what its limit is); `matching` selects 1 from every row the list matches, as for `cappedCount`.
 */
export async function pageWithCappedCount<R extends object>(
  db: Db,
  page: Expression<unknown> | RawBuilder<unknown>,
  matching: RawBuilder<unknown>,
  { firstPage, pageSize, estimate }: { firstPage: boolean; pageSize: number; estimate?: number },
): Promise<{ rows: R[]; count: { total: number; exact: boolean } }> {
  const capped = sql`(SELECT count(*) FROM (${matching} LIMIT ${sql.lit(exactCountUpTo + 1)}) AS capped)`;
  // PostgreSQL runs each uncorrelated subquery when it is first needed: a CASE that does not reach the capped count
  // never runs it.
  const { rows } = await (
    firstPage
      ? sql<R & { list_capped_count: string | number }>`
        WITH page AS MATERIALIZED (${page})
        SELECT page.*, CASE WHEN (SELECT count(*) FROM page) < ${sql.lit(pageSize)} THEN (SELECT count(*) FROM page) ELSE ${capped} END AS list_capped_count
        FROM page`
      : sql<R & { list_capped_count: string | number }>`SELECT page.*, ${capped} AS list_capped_count FROM (${page}) AS page`
  ).execute(db);
  const first = rows[0];
  // A search for what is not there (a mistyped reference) costs one statement, not two.
  if (!first && firstPage) return { rows: [], count: { total: 0, exact: true } };
  if (!first) return { rows: [], count: await cappedCount(db, matching.compile(db)) };
  return { rows, count: await countPastTheCap(db, matching.compile(db), Number(first.list_capped_count), estimate) };
}

/**
 * A page and its total in as few statements as the list allows (decision 0656), answering what `cappedCount` with
 * `estimateFirst: table` and the page's own statement answered:
 * - a table no larger than TRUSTED_ESTIMATE_FACTOR times the cap: the page with its capped count in one statement;
 * - a larger table: the planner's estimate of the filter (kept a minute, so asked for once by a user paging or
 *   sorting), then the page alone when the estimate stands uncounted, else the page with its capped count.
 */
export async function pageWithTotal<R extends object>(
  db: Db,
  page: Expression<unknown> | RawBuilder<unknown>,
  matching: RawBuilder<unknown>,
  { estimateFirst, firstPage, pageSize }: { estimateFirst: string; firstPage: boolean; pageSize: number },
): Promise<{ rows: R[]; count: { total: number; exact: boolean } }> {
  const trusted = exactCountUpTo * TRUSTED_ESTIMATE_FACTOR;
  if ((await tableRows(db, estimateFirst)) <= trusted) return pageWithCappedCount<R>(db, page, matching, { firstPage, pageSize });
  // Asked before the page, not beside it: it decides whether the count rides in the page's statement, and a count
  // would wait for it anyway; only a filter first seen and past the cap waits the one round trip more.
  const estimate = await plannedRows(db, matching.compile(db));
  if (estimate < trusted) return pageWithCappedCount<R>(db, page, matching, { firstPage, pageSize, estimate });
  const { rows } = await sql<R>`${page}`.execute(db);
  return { rows, count: { total: estimate, exact: false } };
}

/** int8 text or number from either engine, as a JS number (ids and minor amounts stay below 2^53). */
export function toNumber(value: string | number | bigint): number {
  return typeof value === 'number' ? value : Number(value);
}

export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
