import { z } from 'zod';

// A payment link's own state in staff terms (issue 34, decisions 0422, 0464, 0535), the same words wherever
// the link or the order it made appears: the link screen, the property's day, the transactions list and the
// transaction info screen. An order's status says what happened to its money; this says whether its link
// still takes a card.

/** `Open` takes a card; `Paid` was completed (card taken, saved or held); `Locked` took too many refused cards. */
export const STAFF_LINK_STATES = ['Open', 'Paid', 'Expired', 'Cancelled', 'Locked'] as const;
export type StaffLinkState = (typeof STAFF_LINK_STATES)[number];
export const StaffLinkStateSchema = z.enum(STAFF_LINK_STATES);
/** The words the screen shows for each state (src/i18n/en/link-states.json, pinned by tests/exports/screen-labels.test.ts); exports write them. */
export const LINK_STATE_LABELS_EN: Record<StaffLinkState, string> = {
  Open: 'Link open',
  Paid: 'Link completed',
  Expired: 'Link expired',
  Cancelled: 'Link cancelled',
  Locked: 'Link locked: too many refused cards',
};

/** The payment link that made an order, as the order's answers carry it (null for an order made otherwise). */
export const OrderLinkSchema = z.object({
  id: z.uuid(),
  state: StaffLinkStateSchema,
  /** Cards refused on the link: one failed payment of this order, however many attempts (decision 0422). */
  failedAttempts: z.number().int(),
  expiresAt: z.string(),
});
export type OrderLink = z.infer<typeof OrderLinkSchema>;
