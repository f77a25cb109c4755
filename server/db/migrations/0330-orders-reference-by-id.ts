import type { IndexBuiltAside } from '../indexes-built-aside';

// Issue 37 "Limits" (decision 0512): the settlement report reads its lines in keyset chunks on the
// embedded engine, and each line names its order's reference, looked up by the order's id. The
// orders of one payout lie one or two to a heap page among every other property's orders, so a chunk
// of 5,000 lines read some 1,200 pages of the orders table (past the engine's 16 MB of buffers, each
// a file read). This index holds the reference beside the id: the lookup is an index-only scan of
// pages a hundred times denser (170 pages read a chunk), and the reference stays the order's own.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [{ name: 'orders_id_reference', on: `orders (id) INCLUDE (reference_no)` }];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}
