import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { StaffLinkStateSchema } from './link-state';
import { OrderStatusSchema, PaymentTypeSchema } from './transactions';
import { BACKOFFICE_API } from './product';

// Spec 2 "Home by role" (issue 15): what the property roles' /property-management and the merchant
// admins' /home show. Takings are the money of orders that became Paid in the period (what was
// captured, or the order's amount when nothing was captured separately), per currency, with the
// day and the week (from Monday) as the property's own time zone counts them (decision 0221).

export const MoneySchema = z.object({ currency: z.string(), amountMinor: z.number().int() });
export type Money = z.infer<typeof MoneySchema>;

export const LinkSummarySchema = z.object({
  orderId: z.number().int(),
  guestName: z.string(),
  referenceNo: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  paymentType: PaymentTypeSchema,
  expiresAt: z.string(),
  url: z.string(),
  /**
   * The link's own state (decision 0422): `Open` takes a card; `Expired` ran out of time; `Locked` took too many
   * refused cards (decision 0346). A locked or expired link is not among the open ones, whatever its order's status.
   */
  linkState: z.enum(['Open', 'Expired', 'Locked']),
});
export type LinkSummary = z.infer<typeof LinkSummarySchema>;

export const DashboardOrderSchema = z.object({
  orderId: z.number().int(),
  referenceNo: z.string(),
  guestName: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: OrderStatusSchema,
  paymentType: PaymentTypeSchema,
  at: z.string(),
  /** The own state of the payment link that made the order (decision 0535); null when no link made it. */
  linkState: StaffLinkStateSchema.nullable(),
});
export type DashboardOrder = z.infer<typeof DashboardOrderSchema>;

/** One row per order (decision 0422): its latest refusal's reason and how many attempts were refused in the lookback. */
export const FailedPaymentSchema = DashboardOrderSchema.extend({ reason: z.string().nullable(), attempts: z.number().int() });
export const AwaitingCaptureSchema = DashboardOrderSchema.extend({ openMinor: z.number().int() });

/** How many of each list the dashboard carries; `count` says how many there are in all. */
export const DASHBOARD_LIST_SIZE = 8;
/** Failed payments and expired links are shown for this many days. */
export const DASHBOARD_LOOKBACK_DAYS = 7;

export const PropertyDashboardSchema = z.object({
  merchantId: z.uuid(),
  propertyName: z.string(),
  timeZone: z.string(),
  takingsToday: z.array(MoneySchema),
  takingsThisWeek: z.array(MoneySchema),
  openLinks: z.object({ count: z.number().int(), items: z.array(LinkSummarySchema) }),
  expiredLinks: z.object({ count: z.number().int(), items: z.array(LinkSummarySchema) }),
  awaitingCapture: z.object({ count: z.number().int(), items: z.array(AwaitingCaptureSchema) }),
  failedPayments: z.object({ count: z.number().int(), items: z.array(FailedPaymentSchema) }),
  recentOrders: z.array(DashboardOrderSchema),
});
export type PropertyDashboard = z.infer<typeof PropertyDashboardSchema>;

export const GroupPropertySchema = z.object({
  merchantId: z.uuid(),
  name: z.string(),
  status: z.string(),
  takingsToday: z.array(MoneySchema),
  openLinks: z.number().int(),
  awaitingCapture: z.number().int(),
});
export const MerchantHomeSchema = z.object({
  groupName: z.string(),
  groupStatus: z.string(),
  properties: z.array(GroupPropertySchema),
  needsAction: z.object({
    failedPayouts: z.number().int(),
    refundsAwaitingApproval: z.number().int(),
    failedPaymentsThisWeek: z.number().int(),
    /** Properties not yet Active or Inactive: their onboarding has steps left. */
    propertiesOnboarding: z.array(z.object({ merchantId: z.uuid(), name: z.string(), status: z.string() })),
  }),
});
export type MerchantHome = z.infer<typeof MerchantHomeSchema>;

export const homeScreenEndpoints = endpointTable([
  defineEndpoint({
    id: 'getPropertyDashboard',
    method: 'GET',
    path: `${BACKOFFICE_API}/home/property`,
    summary: 'The day of the property in the merchant header: takings, open and expired links, authorizations to capture, failed payments, recent orders',
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: 'required',
    response: PropertyDashboardSchema,
  }),
  defineEndpoint({
    id: 'getMerchantHome',
    method: 'GET',
    path: `${BACKOFFICE_API}/home/merchant`,
    summary: "The caller's merchant group: its properties with status and today's takings, and what needs action",
    access: { resource: 'Properties', action: 'Read' },
    response: MerchantHomeSchema,
  }),
]);
