import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';

export const HealthAnswerSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  demo: z.boolean(),
  version: z.string(),
  /** Which server process answered, 1 to FOLIO_WORKERS (decision 0471). */
  process: z.number().int().positive(),
});

// No route shows e-mails to anonymous callers: the demo outbox that did is gone (issue 12). Provider
// admins read sent e-mails, secrets masked, through contract/emails.ts (decision 0170).
export const systemEndpoints = endpointTable([
  defineEndpoint({
    id: 'health',
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database readiness',
    access: 'public',
    unavailableWhileStarting: true,
    response: HealthAnswerSchema,
  }),
]);
