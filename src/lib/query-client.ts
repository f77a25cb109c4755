import { QueryClient } from '@tanstack/react-query';
import { ResponseError } from './failure-message';

// Spec 7 "Query defaults".
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
/** TanStack Query's own default number of retries, kept for failures worth retrying. */
export const QUERY_RETRIES = 3;

export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

/**
 * A 4xx answer says the request itself is wrong (not found, forbidden, invalid): asking again gives
 * the same answer, only later (an unknown id showed "Loading…" for 7 s). Network failures and 5xx retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ResponseError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry, retryDelay, gcTime: QUERY_GC_TIME_MS },
    },
  });
}
