import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { rolesGranted } from '../../../contract/permission-rules';
import { refundEndpoints, type RefundRule } from '../../../contract/refunds';
import type { RoleName } from '../../../contract/roles';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import { useForm } from '../../components/form/use-form';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useActiveProperty } from '../../lib/active-property';
import { call } from '../../lib/api-client';
import { useCapabilities } from '../../lib/capabilities';
import { formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';
import { refundKeys, refundRulesQuery } from './api';
import { refundRuleSchema, type RuleValues } from './refund-rule-schema';
import { LoadingStatus } from '../../components/loading-status/loading-status';
import { SidewaysScroll } from '../../components/sideways-scroll/sideways-scroll';
import { roleLabel, roleLabels } from '../../lib/role-label';

const { saveRefundRule } = refundEndpoints;
/** The roles the permission table lets approve refunds: the only ones a rule may name. */
const APPROVER_ROLES = rolesGranted('Refund', 'Approve');

type Draft = RuleValues;

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
  // The server says who may set the rules (decision 0670): not guessed from the roles' names.
  const capabilities = useCapabilities();
  const mayEdit = capabilities.may(saveRefundRule);
  const rules = useQuery(refundRulesQuery());
  // "Add rule" opens the scope's own rule where it has one (decision 0346): it waits for the rules, or a quick
  // click opened a new rule's defaults that saving wrote over the existing rule (decision 0670).
  const loading = capabilities.loading || rules.isPending;
  const [editing, setEditing] = useState<Draft | null>(null);
  const amount = (minor: number | null, currency: string) => (minor === null ? t('refunds.rules.empty') : formatMoney(minor, currency));
  return (
    <PageLayout
      title={t('refunds.rules.title')}
      actions={
        mayEdit && !editing && rules.data ? (
          <Button size="sm" onClick={() => setEditing(NEW_RULE)}>
            {t('refunds.rules.add')}
          </Button>
        ) : undefined
      }
    >
      <p className="max-w-3xl text-sm text-slate-700">{t('refunds.rules.intro')}</p>
      {loading ? <LoadingStatus testId="refund-rules-loading" /> : null}
      {rules.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {rules.error.message}
        </p>
      ) : null}
      {!capabilities.loading && !mayEdit ? <p className="text-sm text-slate-600">{t('refunds.rules.readOnly')}</p> : null}
      {editing && rules.data ? <RuleForm initial={editing} existing={rules.data.items} onDone={() => setEditing(null)} /> : null}
      <SidewaysScroll className="rounded border border-slate-200 bg-white">
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
                <td className="px-3 py-2">{roleLabels(t, rule.approverRoles)}</td>
                <td className="px-3 py-2">
                  {formatDateTime(rule.updatedAt)}
                  {rule.updatedBy ? ` · ${rule.updatedBy}` : ''}
                </td>
                {mayEdit ? (
                  <td className="px-3 py-2">
                    <Button variant="link" onClick={() => setEditing(draftOf(rule))}>
                      {t('refunds.rules.edit')}
                    </Button>
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
      </SidewaysScroll>
    </PageLayout>
  );
}

/** The rule form: each problem is said at its field, all at once; the server checks the thresholds again and its field errors land on the same fields. */
function RuleForm(props: { initial: Draft; existing: readonly RefundRule[]; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { properties } = useActiveProperty();
  // One rule per scope: the server replaces a scope's rule with what is saved for it. So a scope that
  // has a rule already opens with that rule's values, and says so, rather than overwriting it with
  // the defaults of a new rule (decision 0346).
  const ruleOf = (merchantId: string, merchantGroupId: string | undefined) =>
    props.existing.find((rule) => (rule.merchantId ?? '') === merchantId && (merchantGroupId === undefined || rule.merchantGroupId === merchantGroupId));
  const save = useActionMutation({
    mutationFn: (draft: Draft) =>
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
  const form = useForm<Draft>({
    schema: refundRuleSchema(t),
    defaultValues: (() => {
      const existing = ruleOf(props.initial.merchantId, props.initial.merchantGroupId);
      return existing ? draftOf(existing) : props.initial;
    })(),
    serverError: save.error,
  });
  const [merchantId, merchantGroupId, currency] = form.watch(['merchantId', 'merchantGroupId', 'currency']);
  const chooseScope = (chosen: string) => {
    const existing = ruleOf(chosen, merchantGroupId);
    if (existing) form.reset(draftOf(existing));
    else form.setValue('merchantId', chosen);
  };
  const replaces = ruleOf(merchantId, merchantGroupId) !== undefined;
  const money = (
    name: 'autoApproveUpToMinor' | 'twoApprovalsAboveMinor' | 'dailyAutoApproveCapMinor',
    label: string,
    fieldName: string,
    required?: boolean,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput
          label={label}
          name={fieldName}
          currency={/^[A-Z]{3}$/.test(currency) ? currency : 'EUR'}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
          required={required}
        />
      )}
    />
  );
  const rolesError = form.formState.errors.approverRoles?.message;
  return (
    <FormProvider {...form}>
      <form
        className="grid max-w-3xl grid-cols-1 gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2"
        aria-label={t('refunds.rules.add')}
        noValidate
        onSubmit={form.submit((draft) => save.send(draft))}
      >
        <Field label={t('refunds.rules.property')}>
          {(control) => (
            <select {...control} name="merchantId" className={inputClass} value={merchantId} onChange={(event) => chooseScope(event.target.value)}>
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
        <Field name="currency" label={t('refunds.rules.currency')}>
          {(control) => (
            <input
              {...control}
              {...form.register('currency', { setValueAs: (value: string) => value.toUpperCase() })}
              maxLength={3}
              className={`${inputClass} uppercase`}
            />
          )}
        </Field>
        {money('autoApproveUpToMinor', t('refunds.rules.autoApproveUpTo'), 'autoApproveUpTo', true)}
        {money('twoApprovalsAboveMinor', t('refunds.rules.twoApprovalsAbove'), 'twoApprovalsAbove')}
        {money('dailyAutoApproveCapMinor', t('refunds.rules.dailyCap'), 'dailyCap')}
        <fieldset className="flex flex-col gap-1 text-sm" aria-describedby={rolesError ? 'approver-roles-error' : undefined}>
          <legend className="font-medium text-slate-800">{t('refunds.rules.approverRoles')}</legend>
          {APPROVER_ROLES.map((role) => (
            <label key={role} className="flex items-center gap-2">
              <input type="checkbox" value={role} {...form.register('approverRoles')} />
              {roleLabel(t, role)}
            </label>
          ))}
          {rolesError ? (
            <p id="approver-roles-error" className="text-sm text-red-800">
              {rolesError}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" size="sm" onClick={props.onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="sm" pending={save.pending}>
            {t('refunds.rules.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
