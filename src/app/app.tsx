import { AppRoutes } from './routes';
import { SessionProvider } from '../lib/session/session-provider';

// Server reads get their QueryClient from src/lib/query-provider.tsx, with the screens that read.
export function App() {
  return (
    <SessionProvider>
      <AppRoutes />
    </SessionProvider>
  );
}
