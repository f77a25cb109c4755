import type { IndexBuiltAside } from '../indexes-built-aside';

// The home screens' takings count the captures of a day or a week (decision 0345): the succeeded
// captures by their time, so a dashboard reads today's few rather than every operation of the property.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  { name: 'payment_operations_captures', on: `payment_operations (created_at) WHERE kind = 'Capture' AND outcome = 'Succeeded'` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}
