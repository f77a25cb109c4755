import type { StaffLinkState } from '../../contract/link-state';
import type { KycDisplayStatus } from '../../contract/merchant-groups';
import type { OrderStatus } from '../../contract/transactions';
import type { PayoutStatus } from '../../contract/payouts';
import type { PropertyStatus } from '../../contract/properties';
import type { RefundApprovalStatus, RefundState } from '../../contract/refunds';

// One colour map per status enumeration (decision 0197), so a status reads the same on every screen.
// A tone is a background and a text colour whose contrast is at least 4.5:1 (WCAG AA for the badges'
// small text); status-tones.test.ts measures every pair.

export const TONES = {
  neutral: { background: '#f1f5f9', text: '#334155' },
  info: { background: '#e0f2fe', text: '#075985' },
  progress: { background: '#e0e7ff', text: '#3730a3' },
  warning: { background: '#fef3c7', text: '#78350f' },
  success: { background: '#d1fae5', text: '#065f46' },
  danger: { background: '#fee2e2', text: '#991b1b' },
  ended: { background: '#e2e8f0', text: '#334155' },
} as const;
export type Tone = keyof typeof TONES;

/** A payment link's own state (decisions 0464, 0535), wherever the link or its order appears. */
export const LINK_STATE_TONES: Record<StaffLinkState, Tone> = { Open: 'info', Paid: 'success', Expired: 'neutral', Cancelled: 'ended', Locked: 'danger' };

export const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  Pending: 'info',
  Created: 'neutral',
  Tokenized: 'progress',
  Paid: 'success',
  Failed: 'danger',
  Cancelled: 'ended',
  PaymentLinkSentNoProcessing: 'warning',
};

export const PAYOUT_STATUS_TONES: Record<PayoutStatus, Tone> = {
  Scheduled: 'neutral',
  Processing: 'progress',
  Paid: 'success',
  Failed: 'danger',
};

export const KYC_DISPLAY_STATUS_TONES: Record<KycDisplayStatus, Tone> = {
  Created: 'neutral',
  Pending: 'info',
  InReview: 'progress',
  SentForResubmission: 'warning',
  Approved: 'success',
  Rejected: 'danger',
  Deleted: 'ended',
  Expired: 'ended',
};

export const PROPERTY_STATUS_TONES: Record<PropertyStatus, Tone> = {
  Created: 'neutral',
  NotOnboarded: 'neutral',
  PendingReview: 'progress',
  FeeSetup: 'info',
  Active: 'success',
  Inactive: 'ended',
  ResubmissionRequired: 'warning',
};

export const REFUND_APPROVAL_STATUS_TONES: Record<RefundApprovalStatus, Tone> = {
  Pending: 'info',
  PartiallyApproved: 'progress',
  Approved: 'success',
  Rejected: 'danger',
  ApprovedOverridden: 'warning',
};

export const REFUND_STATE_TONES: Record<RefundState, Tone> = {
  Created: 'neutral',
  Accepted: 'success',
  PartiallyAccepted: 'progress',
  Pending: 'info',
  Rejected: 'danger',
  Completed: 'success',
  Failed: 'danger',
  Changed: 'warning',
};

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
    const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
