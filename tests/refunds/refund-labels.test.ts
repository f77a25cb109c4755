import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFUND_APPROVAL_LABELS_EN, REFUND_COLUMNS, REFUND_STATE_LABELS_EN } from '../../contract/refunds';

// The xlsx export writes the words the refunds screen shows (decision 0202): one list each, pinned here.
const strings = JSON.parse(readFileSync('src/i18n/en/refunds.json', 'utf8')) as {
  refunds: { approvalStatus: Record<string, string>; state: Record<string, string>; columns: Record<string, string> };
};

describe('refund labels', () => {
  it('approval statuses, refund states and column headers read the same on screen and in the export', () => {
    expect(REFUND_APPROVAL_LABELS_EN).toEqual(strings.refunds.approvalStatus);
    expect(REFUND_STATE_LABELS_EN).toEqual(strings.refunds.state);
    expect(Object.fromEntries(REFUND_COLUMNS.map((column) => [column.id, column.label]))).toEqual(strings.refunds.columns);
  });
});
