import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { showErrorToast } from './notifications/notify';
import { createQueryClient } from './query-client';
import { onLiveFeed, staleKeysOf } from './live/live-feed';

// Server reads (TanStack Query) for the screens that make them: the signed-in shell wraps its
// screens in this, and so does a public screen that reads. One client for the page's lifetime,
// shared by all of them; /sign-in makes no reads and does not download it (issue 13 "First load").
// Failed mutations and refetches show the spec 8 error toast.
const queryClient = createQueryClient(showErrorToast);

// Live updates (issue 38): each change makes the reads that show it stale; the screens on view refetch.
onLiveFeed((item) => {
  if (item.kind === 'resync') void queryClient.invalidateQueries();
  else for (const queryKey of staleKeysOf(item.event)) void queryClient.invalidateQueries({ queryKey });
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
