import { describe, expect, it } from 'vitest';
import { REFUND_APPROVAL_STATUSES, REFUND_STATES } from '../contract/refunds';
import { machineDecisions, nextRefundStatus, refundApprovalMachine, type RefundApprovalEvent, type RefundStatus } from './refund-approval.machine';

// Decision 0230, written out independently of the machine.
const at = (approvalStatus: RefundStatus['approvalStatus'], state: RefundStatus['state']): RefundStatus => ({ approvalStatus, state });
const approve = (approvalsGiven: number, approvalsRequired: number): RefundApprovalEvent => ({ type: 'refund.approve', approvalsGiven, approvalsRequired });

describe('refund approval machine', () => {
  it('auto-approval: a rule needing no approval goes straight to Approved', () => {
    expect(nextRefundStatus(at('Pending', 'Created'), approve(0, 0))).toEqual(at('Approved', 'Created'));
  });

  it('one approval of one needed approves; the first of two is partial, the second approves', () => {
    expect(nextRefundStatus(at('Pending', 'Created'), approve(1, 1))).toEqual(at('Approved', 'Created'));
    expect(nextRefundStatus(at('Pending', 'Created'), approve(1, 2))).toEqual(at('PartiallyApproved', 'Created'));
    expect(nextRefundStatus(at('PartiallyApproved', 'Created'), approve(2, 2))).toEqual(at('Approved', 'Created'));
  });

  it('rejects from Pending and PartiallyApproved only, taking the refund with it', () => {
    expect(nextRefundStatus(at('Pending', 'Created'), { type: 'refund.reject' })).toEqual(at('Rejected', 'Rejected'));
    expect(nextRefundStatus(at('PartiallyApproved', 'Created'), { type: 'refund.reject' })).toEqual(at('Rejected', 'Rejected'));
    expect(nextRefundStatus(at('Approved', 'Created'), { type: 'refund.reject' })).toBeUndefined();
    expect(nextRefundStatus(at('Approved', 'Completed'), { type: 'refund.reject' })).toBeUndefined();
    expect(nextRefundStatus(at('Rejected', 'Rejected'), { type: 'refund.reject' })).toBeUndefined();
  });

  it('an override turns a rejection into ApprovedOverridden and the refund back to Created; only from Rejected', () => {
    expect(nextRefundStatus(at('Rejected', 'Rejected'), { type: 'refund.override' })).toEqual(at('ApprovedOverridden', 'Created'));
    for (const approval of ['Pending', 'PartiallyApproved', 'Approved', 'ApprovedOverridden'] as const)
      expect(nextRefundStatus(at(approval, 'Created'), { type: 'refund.override' }), approval).toBeUndefined();
  });

  it('approving is refused once approved, rejected or overridden', () => {
    for (const approval of ['Approved', 'Rejected', 'ApprovedOverridden'] as const)
      expect(nextRefundStatus(at(approval, approval === 'Rejected' ? 'Rejected' : 'Created'), approve(3, 1)), approval).toBeUndefined();
  });

  it('the refund goes to the acquirer only once approved (or overridden)', () => {
    expect(nextRefundStatus(at('Pending', 'Created'), { type: 'refund.submit' })).toBeUndefined();
    expect(nextRefundStatus(at('PartiallyApproved', 'Created'), { type: 'refund.submit' })).toBeUndefined();
    expect(nextRefundStatus(at('Approved', 'Created'), { type: 'refund.submit' })).toEqual(at('Approved', 'Accepted'));
    expect(nextRefundStatus(at('ApprovedOverridden', 'Created'), { type: 'refund.submit' })).toEqual(at('ApprovedOverridden', 'Accepted'));
    expect(nextRefundStatus(at('Approved', 'Accepted'), { type: 'refund.submit' })).toBeUndefined();
  });

  const acquirer: Array<[RefundStatus['state'], RefundApprovalEvent['type'], RefundStatus['state'] | undefined]> = [
    ['Accepted', 'acquirer.succeeded', 'Completed'],
    ['Accepted', 'acquirer.declined', 'Failed'],
    ['Accepted', 'acquirer.pending', 'Pending'],
    ['Accepted', 'acquirer.partial', 'PartiallyAccepted'],
    ['Pending', 'acquirer.succeeded', 'Completed'],
    ['Pending', 'acquirer.declined', 'Failed'],
    ['Pending', 'acquirer.partial', 'PartiallyAccepted'],
    ['Pending', 'acquirer.pending', undefined],
    ['Completed', 'acquirer.changed', 'Changed'],
    ['PartiallyAccepted', 'acquirer.changed', 'Changed'],
    ['Completed', 'acquirer.succeeded', undefined],
    ['Failed', 'acquirer.succeeded', undefined],
    ['Created', 'acquirer.succeeded', undefined],
    ['Changed', 'acquirer.changed', undefined],
  ];
  it.each(acquirer)('refund %s --%s--> %s', (state, type, target) => {
    const next = nextRefundStatus(at('Approved', state), { type } as RefundApprovalEvent);
    expect(next?.state).toBe(target);
  });

  it('offers the decisions each approval status allows', () => {
    expect(machineDecisions(at('Pending', 'Created'))).toEqual(['approve', 'reject']);
    expect(machineDecisions(at('PartiallyApproved', 'Created'))).toEqual(['approve', 'reject']);
    expect(machineDecisions(at('Approved', 'Completed'))).toEqual([]);
    expect(machineDecisions(at('Rejected', 'Rejected'))).toEqual(['override']);
    expect(machineDecisions(at('ApprovedOverridden', 'Completed'))).toEqual([]);
  });

  it('has a state for every approval status and every refund state, and nothing else', () => {
    expect(Object.keys(refundApprovalMachine.states.approval!.states).sort()).toEqual([...REFUND_APPROVAL_STATUSES].sort());
    expect(Object.keys(refundApprovalMachine.states.refund!.states).sort()).toEqual([...REFUND_STATES].sort());
  });
});
