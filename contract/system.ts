import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';

export const HealthAnswerSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), demo: z.boolean(), version: z.string() });

export const OutboxMailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string(), status: z.string() });
export const OutboxAnswerSchema = z.object({ items: z.array(OutboxMailSchema) });

export const systemEndpoints = endpointTable([
  defineEndpoint({ id: 'health', method: 'GET', path: '/health', summary: 'Liveness and database reachability', access: 'public', response: HealthAnswerSchema }),
  defineEndpoint({
    id: 'demoOutbox',
    method: 'GET',
    path: '/api/demo/outbox',
    summary: 'Demo mode only: the latest e-mails the product has sent (newest first)',
    access: 'public',
    query: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: OutboxAnswerSchema,
  }),
]);
