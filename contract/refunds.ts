// Spec 4 "Refund approval status" and "Refund state": the enumerations a refund carries. The refund
// screens and calls (another issue) build on these; the SPA's badge colours already cover them.
export const REFUND_APPROVAL_STATUSES = ['Pending', 'PartiallyApproved', 'Approved', 'Rejected', 'ApprovedOverridden'] as const;
export type RefundApprovalStatus = (typeof REFUND_APPROVAL_STATUSES)[number];

export const REFUND_STATES = ['Created', 'Accepted', 'PartiallyAccepted', 'Pending', 'Rejected', 'Completed', 'Failed', 'Changed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
