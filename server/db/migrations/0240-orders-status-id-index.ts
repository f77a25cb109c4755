import type { IndexBuiltAside } from '../indexes-built-aside';

// Issue 13 "Search at scale": the transactions list sorted by status is ORDER BY status, id (the unique
// tiebreak, decision 0121). No index ended that way, so each page sorted every order: 181 ms at p95
// for a page of 25 on a million orders on PostgreSQL (npm run bench:search), 4.8 ms with this index.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [{ name: 'orders_status_id', on: `orders (status, id)` }];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}
