import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRoutes } from './routes';
import { createQueryClient } from './query-client';
import { SessionProvider } from '../lib/session/session-provider';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </QueryClientProvider>
  );
}
