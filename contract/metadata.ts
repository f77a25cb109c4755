import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { BACKOFFICE_API } from './product';
import { safeText } from './text';

// Spec 7 "Metadata": `POST metadata` and `GET metadata/{id}` (bodies not shown). Staff attach
// notes and key/value data to an order (decision 0211); `{id}` is the order's id and the answer
// is its records, oldest first.

export const METADATA_MAX_ENTRIES = 20;

export const MetadataEntrySchema = z.object({
  key: safeText()
    .trim()
    .min(1, { message: 'give the key a name' })
    .max(60)
    .regex(/^[\p{L}\p{N} _.\-/]+$/u, { message: 'use letters, digits, spaces, and _ . - /' }),
  value: safeText().trim().max(500),
});
export type MetadataEntry = z.infer<typeof MetadataEntrySchema>;

export const CreateMetadataBodySchema = z
  .object({
    orderId: z.number().int().positive({ message: 'not an order id' }),
    note: safeText().trim().max(2000).optional(),
    entries: z
      .array(MetadataEntrySchema)
      .max(METADATA_MAX_ENTRIES, { message: `at most ${METADATA_MAX_ENTRIES} entries` })
      .refine((entries) => new Set(entries.map((entry) => entry.key.toLowerCase())).size === entries.length, { message: 'each key once' })
      .default([]),
  })
  .refine((body) => (body.note ?? '').length > 0 || body.entries.length > 0, { message: 'write a note or add an entry', path: ['note'] });

export const MetadataRecordSchema = z.object({
  id: z.string(),
  orderId: z.number().int(),
  note: z.string().nullable(),
  entries: z.array(z.object({ key: z.string(), value: z.string() })),
  byName: z.string().nullable(),
  byEmail: z.string().nullable(),
  at: z.string(),
});
export type MetadataRecord = z.infer<typeof MetadataRecordSchema>;
export const OrderMetadataSchema = z.object({ items: z.array(MetadataRecordSchema) });

export const metadataEndpoints = endpointTable([
  defineEndpoint({
    id: 'createMetadata',
    method: 'POST',
    path: `${BACKOFFICE_API}/metadata`,
    summary: "Attach a note and/or key/value entries to an order; 404 outside the caller's merchants",
    access: { resource: 'Transactions', action: 'Update' },
    merchantHeader: true,
    body: CreateMetadataBodySchema,
    response: MetadataRecordSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'getOrderMetadata',
    method: 'GET',
    path: `${BACKOFFICE_API}/metadata/{id}`,
    summary: "The notes and key/value entries staff attached to the order `id`, oldest first; 404 outside the caller's merchants",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: true,
    params: z.object({ id: z.coerce.number().int().positive({ message: 'not an order id' }) }),
    response: OrderMetadataSchema,
  }),
]);
