import { sql } from 'kysely';
import { PROPERTY_ACTION_ACTOR, PROPERTY_FIELDS, type PropertyAction, type PropertyTransitionBodySchema } from '../../contract/property-lifecycle';
import type { PropertyStatus } from '../../contract/properties';
import { actionExistsIn, allowedPropertyActions, nextPropertyStatus } from '../../machines/property-lifecycle.machine';
import { audit } from '../audit';
import { isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { PROPERTY_ENTITY, propertyFacts } from './property-overview';
import { propertyRecord } from './property-query';
import type { z } from 'zod';

// Every property status change goes through here (decision 0260): the lifecycle machine decides
// (409 otherwise, with what is allowed), the row is locked while it moves, and the change and its
// reasons are audited in the request's transaction.

type TransitionBody = z.infer<typeof PropertyTransitionBodySchema>;

function assertActor(caller: Caller, action: PropertyAction): void {
  const actor = PROPERTY_ACTION_ACTOR[action];
  const provider = isProviderStaff(caller);
  if (actor === 'provider' && !provider) throw problems.forbidden(`only provider staff may ${action} a property`);
  if (actor === 'merchant' && provider) throw problems.forbidden(`the property's own merchant staff ${action} it, not provider staff`);
}

export async function transitionProperty(db: Db, caller: Caller, merchantId: string, body: TransitionBody): Promise<PropertyStatus> {
  const record = await propertyRecord(db, merchantId, caller.merchantScope, true);
  if (!record) throw problems.notFound(`property ${merchantId} not found`);
  const from = record.status as PropertyStatus;
  const { action } = body;
  assertActor(caller, action);
  const facts = await propertyFacts(db, merchantId);
  const to = nextPropertyStatus(from, action, facts);
  if (!to) {
    if (action === 'activate' && actionExistsIn(from, action))
      throw problems.conflict('the property has no fees yet: set its fees before activating it').withCode('property.feesFirst');
    const allowed = allowedPropertyActions(from, facts);
    throw problems
      .conflict(`the property is ${from}: ${action} is not allowed now (allowed: ${allowed.length ? allowed.join(', ') : 'nothing'})`)
      .withCode('property.actionNotAllowed', { status: from });
  }
  if (action === 'submit' && from === 'ResubmissionRequired') {
    const open = await db
      .selectFrom('property_review_flags')
      .select('target')
      .where('merchant_id', '=', merchantId)
      .where('resolved_at', 'is', null)
      .where('target', 'in', [...PROPERTY_FIELDS])
      .execute();
    if (open.length)
      throw problems
        .conflict(`change what the reviewer named before submitting again: ${open.map((flag) => flag.target).join(', ')}`)
        .withCode('property.changeFlaggedFirst');
    // Flags on settings pages are answered by resubmitting; the reviewer sees the pages as they are now.
    await db
      .updateTable('property_review_flags')
      .set({ resolved_at: sql`now()` })
      .where('merchant_id', '=', merchantId)
      .where('resolved_at', 'is', null)
      .execute();
  }
  if (body.action === 'requestResubmission') {
    await db
      .updateTable('property_review_flags')
      .set({ resolved_at: sql`now()` })
      .where('merchant_id', '=', merchantId)
      .where('resolved_at', 'is', null)
      .execute();
    await db
      .insertInto('property_review_flags')
      .values(body.flags.map((flag) => ({ merchant_id: merchantId, target: flag.target, reason: flag.reason, created_by: caller.userId })))
      .execute();
  }
  await db
    .updateTable('merchants')
    .set({ status: to, active: to !== 'Inactive', status_changed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', merchantId)
    .execute();
  const detail: Record<string, unknown> = { from, to };
  if (body.action === 'requestResubmission') detail.flags = body.flags;
  if (body.action === 'deactivate' || body.action === 'reactivate') detail.reason = body.reason;
  await audit(db, caller.userId, `property.${action}`, PROPERTY_ENTITY, merchantId, detail);
  return to;
}
