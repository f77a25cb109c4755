import { z } from 'zod';
// Spec 9 "Page-size options": one list for every paged table and every list call.
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export function isPageSize(value: unknown): value is PageSize {
  return (PAGE_SIZES as readonly unknown[]).includes(value);
}

/** A list filter's currency: a 3-letter ISO 4217 code, any case; amount bounds are minor units of it. */
export const CurrencyFilterSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { message: 'use a 3-letter currency code' });
