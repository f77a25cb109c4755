import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rolesGranted } from '../../../contract/permission-rules';
import { refundEndpoints, type RefundRule } from '../../../contract/refunds';
import type { RoleName } from '../../../contract/roles';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { MutationButton } from '../../components/mutation-button';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useActiveProperty } from '../../lib/active-property';
import { call } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';
import { refundKeys, refundRulesQuery } from './api';

const { saveRefundRule } = refundEndpoints;
/** The roles the permission table lets approve refunds: the only ones a rule may name, and the only ones who edit rules. */
const APPROVER_ROLES = rolesGranted('Refund', 'Approve');

interface Draft {
  merchantGroupId: string | undefined;
  merchantId: string;
  currency: string;
  autoApproveUpToMinor: number | null;
  twoApprovalsAboveMinor: number | null;
  dailyAutoApproveCapMinor: number | null;
  approverRoles: RoleName[];
}

const NEW_RULE: Draft = {
  merchantGroupId: undefined,
  merchantId: '',
  currency: 'EUR',
  autoApproveUpToMinor: 0,
  twoApprovalsAboveMinor: null,
  dailyAutoApproveCapMinor: null,
  approverRoles: ['MerchantAdmin', 'PropertyManager'],
};

function draftOf(rule: RefundRule): Draft {
  return {
    merchantGroupId: rule.merchantGroupId,
    merchantId: rule.merchantId ?? '',
    currency: rule.currency,
    autoApproveUpToMinor: rule.autoApproveUpToMinor,
    twoApprovalsAboveMinor: rule.twoApprovalsAboveMinor,
    dailyAutoApproveCapMinor: rule.dailyAutoApproveCapMinor,
    approverRoles: rule.approverRoles.filter((role): role is RoleName => (APPROVER_ROLES as readonly string[]).includes(role)),
  };
}

/** /refund-management/rules (spec 2): the merchant's and each property's refund rules; approvers edit them. */
export function RefundRulesScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const mayEdit = user?.userRoles.some((role) => (APPROVER_ROLES as readonly string[]).includes(role.roleName)) ?? false;
  const rules = useQuery(refundRulesQuery());
  const [editing, setEditing] = useState<Draft | null>(null);
  const amount = (minor: number | null, currency: string) => (minor === null ? t('refunds.rules.empty') : formatMoney(minor, currency));
  return (
    <PageLayout
      title={t('refunds.rules.title')}
      actions={
        mayEdit && !editing ? (
          <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setEditing(NEW_RULE)}>
            {t('refunds.rules.add')}
          </button>
        ) : undefined
      }
    >
      <p className="max-w-3xl text-sm text-slate-700">{t('refunds.rules.intro')}</p>
      {!mayEdit ? <p className="text-sm text-slate-600">{t('refunds.rules.readOnly')}</p> : null}
      {editing ? <RuleForm initial={editing} existing={rules.data?.items ?? []} onDone={() => setEditing(null)} /> : null}
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="min-w-full text-sm" aria-label={t('refunds.rules.title')}>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              {['scope', 'autoApproveUpTo', 'twoApprovalsAbove', 'dailyCap', 'approverRoles', 'updated'].map((key) => (
                <th key={key} scope="col" className="px-3 py-2 font-medium">
                  {t(`refunds.rules.${key}`)}
                </th>
              ))}
              {mayEdit ? <th scope="col" className="px-3 py-2" /> : null}
            </tr>
          </thead>
          <tbody>
            {(rules.data?.items ?? []).map((rule) => (
              <tr key={rule.id} className="border-t border-slate-100" data-testid="refund-rule">
                <td className="px-3 py-2">{rule.merchantName ?? t('refunds.rules.wholeMerchant', { name: rule.merchantGroupName })}</td>
                <td className="px-3 py-2">{amount(rule.autoApproveUpToMinor, rule.currency)}</td>
                <td className="px-3 py-2">{amount(rule.twoApprovalsAboveMinor, rule.currency)}</td>
                <td className="px-3 py-2">{amount(rule.dailyAutoApproveCapMinor, rule.currency)}</td>
                <td className="px-3 py-2">{rule.approverRoles.join(', ')}</td>
                <td className="px-3 py-2">
                  {formatDateTime(rule.updatedAt)}
                  {rule.updatedBy ? ` · ${rule.updatedBy}` : ''}
                </td>
                {mayEdit ? (
                  <td className="px-3 py-2">
                    <button type="button" className="text-brand underline" onClick={() => setEditing(draftOf(rule))}>
                      {t('refunds.rules.edit')}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
            {rules.data && rules.data.items.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-slate-500">
                  {t('refunds.rules.none')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </PageLayout>
  );
}

/** The rule form; the server checks the thresholds again and answers field errors, which the error toast shows. */
function RuleForm(props: { initial: Draft; existing: readonly RefundRule[]; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { properties } = useActiveProperty();
  // One rule per scope: the server replaces a scope's rule with what is saved for it. So a scope that
  // has a rule already opens with that rule's values, and says so, rather than overwriting it with
  // the defaults of a new rule (decision 0346).
  const ruleOf = (merchantId: string, merchantGroupId: string | undefined) =>
    props.existing.find((rule) => (rule.merchantId ?? '') === merchantId && (merchantGroupId === undefined || rule.merchantGroupId === merchantGroupId));
  const [draft, setDraft] = useState(() => {
    const existing = ruleOf(props.initial.merchantId, props.initial.merchantGroupId);
    return existing ? draftOf(existing) : props.initial;
  });
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const chooseScope = (merchantId: string) => {
    const existing = ruleOf(merchantId, draft.merchantGroupId);
    setDraft(existing ? draftOf(existing) : { ...draft, merchantId });
  };
  const replaces = ruleOf(draft.merchantId, draft.merchantGroupId) !== undefined;
  const twoError =
    draft.twoApprovalsAboveMinor !== null && draft.autoApproveUpToMinor !== null && draft.twoApprovalsAboveMinor < draft.autoApproveUpToMinor
      ? t('refunds.rules.twoApprovalsAbove') + ' ≥ ' + t('refunds.rules.autoApproveUpTo')
      : undefined;
  const capError =
    draft.dailyAutoApproveCapMinor !== null && draft.autoApproveUpToMinor !== null && draft.dailyAutoApproveCapMinor < draft.autoApproveUpToMinor
      ? t('refunds.rules.dailyCap') + ' ≥ ' + t('refunds.rules.autoApproveUpTo')
      : undefined;
  const save = useActionMutation({
    mutationFn: () =>
      call(saveRefundRule, {
        body: {
          merchantGroupId: draft.merchantGroupId,
          merchantId: draft.merchantId || null,
          rule: {
            currency: draft.currency,
            autoApproveUpToMinor: draft.autoApproveUpToMinor ?? 0,
            twoApprovalsAboveMinor: draft.twoApprovalsAboveMinor,
            dailyAutoApproveCapMinor: draft.dailyAutoApproveCapMinor,
            approverRoles: draft.approverRoles,
          },
        },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.rules });
      notify(t('refunds.rules.saved'), 'success');
      props.onDone();
    },
  });
  const valid = draft.autoApproveUpToMinor !== null && !twoError && !capError && draft.approverRoles.length > 0;
  return (
    <form
      className="grid max-w-3xl grid-cols-1 gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2"
      aria-label={t('refunds.rules.add')}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.act();
      }}
    >
      <Field label={t('refunds.rules.property')}>
        {(control) => (
          <select {...control} name="merchantId" className={inputClass} value={draft.merchantId} onChange={(event) => chooseScope(event.target.value)}>
            <option value="">{t('refunds.rules.allProperties')}</option>
            {properties.map((property) => (
              <option key={property.merchantId} value={property.merchantId}>
                {property.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {replaces ? (
        <p role="status" data-testid="rule-replaces" className="text-sm text-slate-700 sm:col-span-2">
          {t('refunds.rules.replaces')}
        </p>
      ) : null}
      <Field label={t('refunds.rules.currency')}>
        {(control) => (
          <input
            {...control}
            name="currency"
            maxLength={3}
            className={`${inputClass} uppercase`}
            value={draft.currency}
            onChange={(event) => set({ currency: event.target.value.toUpperCase() })}
          />
        )}
      </Field>
      <MoneyInput
        label={t('refunds.rules.autoApproveUpTo')}
        name="autoApproveUpTo"
        currency={draft.currency || 'EUR'}
        value={draft.autoApproveUpToMinor}
        onChange={(value) => set({ autoApproveUpToMinor: value })}
        required
      />
      <MoneyInput
        label={t('refunds.rules.twoApprovalsAbove')}
        name="twoApprovalsAbove"
        currency={draft.currency || 'EUR'}
        value={draft.twoApprovalsAboveMinor}
        onChange={(value) => set({ twoApprovalsAboveMinor: value })}
        error={twoError}
      />
      <MoneyInput
        label={t('refunds.rules.dailyCap')}
        name="dailyCap"
        currency={draft.currency || 'EUR'}
        value={draft.dailyAutoApproveCapMinor}
        onChange={(value) => set({ dailyAutoApproveCapMinor: value })}
        error={capError}
      />
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="font-medium text-slate-800">{t('refunds.rules.approverRoles')}</legend>
        {APPROVER_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={draft.approverRoles.includes(role)}
              onChange={(event) =>
                set({ approverRoles: event.target.checked ? [...draft.approverRoles, role] : draft.approverRoles.filter((r) => r !== role) })
              }
            />
            {role}
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={props.onDone}>
          {t('common.cancel')}
        </button>
        <MutationButton
          type="submit"
          className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50"
          pending={save.pending}
          disabled={!valid}
        >
          {t('refunds.rules.save')}
        </MutationButton>
      </div>
    </form>
  );
}
