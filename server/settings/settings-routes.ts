import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SETTINGS_CHANGED_DETAIL, settingsEndpoints } from '../../contract/settings/endpoints';
import { SETTINGS_KIND_DEFINITIONS, type SettingsKind } from '../../contract/settings/kinds';
import { audit } from '../audit';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { fieldErrors, problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertCurrentVersion, namesVersion } from '../http/versions';
import { INFO_COLUMN_FIELDS, saveInfoColumns, withInfoColumns } from '../properties/property-info';
import { groupInScope, lockGroupForSettingsSave, merchantOfGroup, propertyInScope } from './settings-access';
import { readSettings, resetPropertySettings, saveGroupSettings, savePropertySettings, type SavedSettings } from './settings-store';

const {
  getGroupSettings,
  saveGroupSettings: saveGroupSettingsEndpoint,
  getPropertySettings,
  savePropertySettings: savePropertySettingsEndpoint,
  resetPropertySettings: resetPropertySettingsEndpoint,
  getMerchantLocationSettings,
  saveMerchantLocationSettings,
  savePayoutEmailConfig,
  searchPayoutEmailConfig,
} = settingsEndpoints;

/** The kind's schema decides: 400 with field errors, or the values as the schema shapes them. */
function validValues(kind: SettingsKind, body: unknown): Record<string, unknown> {
  const result = SETTINGS_KIND_DEFINITIONS[kind].schema.safeParse(body);
  if (!result.success) throw problems.validation(fieldErrors(result.error));
  return result.data;
}

async function audited(db: Db, caller: Caller, action: string, saved: SavedSettings, detail: Record<string, unknown>) {
  await audit(db, caller.userId, action, 'merchant_settings', saved.rowId, { ...detail, fields: saved.changed });
}

/**
 * Decision 0354: a save that says which version it was made from (`If-Match`, the `updatedAt` it read)
 * is refused when the settings have changed since. A caller that does not say keeps the last write.
 * The check and the write share the request's transaction, and every save takes the lock first, so none commits
 * between another's check and write.
 */
async function lockAndAssertUnchangedSince(db: Db, request: FastifyRequest, merchantGroupId: string, kind: SettingsKind, merchantId: string | null) {
  // A property's version includes the group's values: the group's row lock covers both.
  await lockGroupForSettingsSave(db, merchantGroupId);
  // Nothing to check against: the settings need not be read.
  if (!namesVersion(request)) return;
  const { updatedAt } = await readSettings(db, merchantGroupId, kind, merchantId);
  assertCurrentVersion(request, updatedAt, SETTINGS_CHANGED_DETAIL, 'settings.changedSince');
}

async function saveForGroup(db: Db, request: FastifyRequest, caller: Caller, merchantGroupId: string, kind: SettingsKind, body: unknown, merchantId?: string) {
  await groupInScope(db, caller, merchantGroupId);
  const values = validValues(kind, body);
  await lockAndAssertUnchangedSince(db, request, merchantGroupId, kind, merchantId ?? null);
  if (merchantId) {
    await merchantOfGroup(db, merchantGroupId, merchantId);
    const saved = await savePropertySettings(db, merchantGroupId, merchantId, kind, values);
    await audited(db, caller, 'settings-store.saved', saved, { kind, merchantGroupId, merchantId });
  } else {
    const saved = await saveGroupSettings(db, merchantGroupId, kind, values);
    await audited(db, caller, 'settings-store.saved', saved, { kind, merchantGroupId });
  }
  return readSettings(db, merchantGroupId, kind, merchantId ?? null);
}

export function registerSettingsRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getGroupSettings, async ({ params, caller, ctx }) => {
    await groupInScope(ctx.db, caller, params.merchantGroupId);
    return readSettings(ctx.db, params.merchantGroupId, params.kind, null);
  });
  registerEndpoint(app, saveGroupSettingsEndpoint, async ({ params, body, caller, ctx, request }) =>
    saveForGroup(ctx.db, request, caller, params.merchantGroupId, params.kind, body),
  );

  registerEndpoint(app, getPropertySettings, async ({ params, caller, ctx }) => {
    const property = await propertyInScope(ctx.db, caller, params.merchantId);
    const answer = await readSettings(ctx.db, property.merchantGroupId, params.kind, property.merchantId);
    // Property-info's city, post code and type are the property's columns (decision 0302).
    return params.kind === 'property-info' ? withInfoColumns(ctx.db, property.merchantId, answer) : answer;
  });
  registerEndpoint(app, savePropertySettingsEndpoint, async ({ params, body, caller, ctx, request }) => {
    const property = await propertyInScope(ctx.db, caller, params.merchantId);
    const checked = validValues(params.kind, body);
    await lockAndAssertUnchangedSince(ctx.db, request, property.merchantGroupId, params.kind, property.merchantId);
    const infoPage = params.kind === 'property-info';
    const values = infoPage ? await saveInfoColumns(ctx.db, caller, property.merchantId, checked) : checked;
    const saved = await savePropertySettings(ctx.db, property.merchantGroupId, property.merchantId, params.kind, values);
    await audited(ctx.db, caller, 'settings-store.saved', saved, { kind: params.kind, ...property });
    const answer = await readSettings(ctx.db, property.merchantGroupId, params.kind, property.merchantId);
    return infoPage ? withInfoColumns(ctx.db, property.merchantId, answer) : answer;
  });
  registerEndpoint(app, resetPropertySettingsEndpoint, async ({ params, body, caller, ctx, request }) => {
    const property = await propertyInScope(ctx.db, caller, params.merchantId);
    await lockAndAssertUnchangedSince(ctx.db, request, property.merchantGroupId, params.kind, property.merchantId);
    const infoPage = params.kind === 'property-info';
    // Property-info's column fields have no group value to go back to (decision 0302): a reset leaves them be.
    const fields = infoPage ? body.fields?.filter((field) => !(INFO_COLUMN_FIELDS as readonly string[]).includes(field)) : body.fields;
    const onlyColumns = infoPage && Boolean(body.fields?.length) && fields?.length === 0;
    const saved = onlyColumns ? undefined : await resetPropertySettings(ctx.db, property.merchantGroupId, property.merchantId, params.kind, fields);
    const read = await readSettings(ctx.db, property.merchantGroupId, params.kind, property.merchantId);
    const after = infoPage ? await withInfoColumns(ctx.db, property.merchantId, read) : read;
    // The group's value must fit the property's other fields (a settlement currency it still accepts);
    // refusing here rolls the reset back with the request's transaction.
    validValues(params.kind, after.values);
    if (saved) await audited(ctx.db, caller, 'settings-store.reset', saved, { kind: params.kind, ...property });
    return after;
  });

  // Spec 7's own names for two kinds.
  registerEndpoint(app, getMerchantLocationSettings, async ({ query, caller, ctx }) => {
    await groupInScope(ctx.db, caller, query.MerchantGroupId);
    if (query.MerchantId) await merchantOfGroup(ctx.db, query.MerchantGroupId, query.MerchantId);
    return readSettings(ctx.db, query.MerchantGroupId, 'location', query.MerchantId ?? null);
  });
  registerEndpoint(app, saveMerchantLocationSettings, async ({ query, body, caller, ctx, request }) =>
    saveForGroup(ctx.db, request, caller, query.MerchantGroupId, 'location', body, query.MerchantId),
  );
  registerEndpoint(app, savePayoutEmailConfig, async ({ body, caller, ctx, request }) => {
    const { merchantGroupId, ...lists } = body;
    return saveForGroup(ctx.db, request, caller, merchantGroupId, 'payout-emails', lists);
  });
  registerEndpoint(app, searchPayoutEmailConfig, async ({ body, caller, ctx }) => {
    await groupInScope(ctx.db, caller, body.merchantGroupId);
    return readSettings(ctx.db, body.merchantGroupId, 'payout-emails', null);
  });
}
