import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
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
 * the same answer, only later (an unknown id showed "Loading…" for 7 s). So does a 2xx answer the
 * screen cannot read (outside the contract): the webhook log stayed at "Loading…" while it was asked
 * three more times. Network failures and 5xx retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ResponseError && error.status >= 200 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/**
 * `meta.errorToast` of a query or mutation: false when the screen shows that failure itself (in a
 * dialog, or a state machine's own failure state); true to report even a first load's failure.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

/** Failures the user is told about by the error toast (spec 8), wired by the provider. */
export interface FailureReporter {
  (error: unknown): void;
}

// A 401 ends the session (the session machine sends the user to sign-in); a toast would only repeat it.
const endsSession = (error: unknown) => error instanceof ResponseError && error.status === 401;

/**
 * Spec 8 error toast for failed mutations and loads (decision 0201): every failed mutation; a failed
 * load when the screen already shows earlier data (a refetch), since a first load's failure is
 * shown in place by the screen's error state.
 */
export function createQueryClient(report: FailureReporter = () => undefined): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (endsSession(error) || query.meta?.errorToast === false) return;
        if (query.meta?.errorToast === true || query.state.data !== undefined) report(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (endsSession(error) || mutation.meta?.errorToast === false) return;
        report(error);
      },
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry, retryDelay, gcTime: QUERY_GC_TIME_MS },
    },
  });
}
