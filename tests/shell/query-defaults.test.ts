import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelay } from '../../src/lib/query-client';

// Spec 7 "Query defaults".
describe('query defaults', () => {
  it('waits 1000 ms, doubled per attempt, never more than 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('does not refetch on window focus and keeps unused data 5 minutes', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
  });
});
