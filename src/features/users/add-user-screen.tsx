import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { userAdminEndpoints, grantableRoles, scopeRuleOf, sideOf, type CreateUserBody, type PickerRole } from '../../../contract/user-admin';
import type { RoleName } from '../../../contract/roles';
import { Field, inputClass } from '../../components/form/field';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { useSession } from '../../lib/session/session-provider';
import { assignableGroupsQuery, userKeys } from './api';
import { fieldErrorsOf, problemDetailOf } from './form-errors';
import { PropertyChoice } from './property-choice';
import { RolePicker } from './role-picker';

/** /users/add-user: name, e-mail, a role from the picker, the properties it covers; sends the invitation. */
export function AddUserScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user, merchantUserInfo } = useSession();
  const roles = grantableRoles((user?.userRoles ?? []).map((entry) => entry.roleName as RoleName));
  const ownGroup = merchantUserInfo?.merchantGroupId ?? null;
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<PickerRole | null>(null);
  const [chosenGroup, setChosenGroup] = useState<string>('');
  const [merchantIds, setMerchantIds] = useState<string[]>([]);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const needsGroup = role !== null && sideOf(role) !== 'provider' && ownGroup === null;
  const groupId = ownGroup ?? (chosenGroup || null);
  const groups = useQuery({ ...assignableGroupsQuery(), enabled: needsGroup });

  const create = useActionMutation({
    mutationFn: (body: CreateUserBody) => call(userAdminEndpoints.createUser, { body }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      navigate(`/users/${created.userId}?invited=1`);
    },
  });
  const serverErrors = fieldErrorsOf(create.error);
  const errors = { ...serverErrors, ...checked };

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!firstName.trim()) missing.firstName = t('users.form.required');
    if (!lastName.trim()) missing.lastName = t('users.form.required');
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) missing.email = t('users.form.invalidEmail');
    if (!role) missing.role = t('users.form.pickRole');
    if (needsGroup && !chosenGroup) missing.merchantGroupId = t('users.form.pickGroup');
    if (role && scopeRuleOf(role) === 'assigned' && merchantIds.length === 0) missing.merchantIds = t('users.form.pickProperty');
    setChecked(missing);
    if (Object.keys(missing).length > 0 || !role) return;
    create.act({
      firstName,
      lastName,
      email,
      role,
      ...(needsGroup ? { merchantGroupId: chosenGroup } : {}),
      merchantIds: scopeRuleOf(role) === 'assigned' ? merchantIds : [],
    });
  }

  return (
    <PageLayout title={t('users.add.title')} back={{ href: '/users', label: t('users.backToList') }}>
      <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('users.form.firstName')} required error={errors.firstName}>
            {(control) => (
              <input {...control} className={inputClass} value={firstName} maxLength={100} onChange={(event) => setFirstName(event.target.value)} />
            )}
          </Field>
          <Field label={t('users.form.lastName')} required error={errors.lastName}>
            {(control) => <input {...control} className={inputClass} value={lastName} maxLength={100} onChange={(event) => setLastName(event.target.value)} />}
          </Field>
        </div>
        <Field label={t('users.form.email')} description={t('users.form.emailHint')} required error={errors.email}>
          {(control) => (
            <input {...control} type="email" className={inputClass} value={email} maxLength={320} onChange={(event) => setEmail(event.target.value)} />
          )}
        </Field>
        <RolePicker
          roles={roles}
          value={role}
          onChange={(next) => {
            setRole(next);
            setMerchantIds([]);
          }}
          error={errors.role}
        />
        {needsGroup ? (
          <Field label={t('users.form.group')} required error={errors.merchantGroupId}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={chosenGroup}
                onChange={(event) => {
                  setChosenGroup(event.target.value);
                  setMerchantIds([]);
                }}
              >
                <option value="">{t('users.form.chooseGroup')}</option>
                {groups.data?.map((group) => (
                  <option key={group.merchantGroupId} value={group.merchantGroupId}>
                    {group.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {role && scopeRuleOf(role) === 'assigned' && groupId ? (
          <PropertyChoice groupId={needsGroup ? groupId : null} value={merchantIds} onChange={setMerchantIds} error={errors.merchantIds} />
        ) : null}
        {role && scopeRuleOf(role) === 'group' ? <p className="text-sm text-slate-700">{t('users.form.coversGroup')}</p> : null}
        {create.error && Object.keys(serverErrors).length === 0 ? (
          <p role="alert" className="text-sm text-red-800">
            {problemDetailOf(create.error)}
          </p>
        ) : null}
        <div>
          <button type="submit" disabled={create.pending} className="rounded bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-70">
            {create.pending ? t('users.add.sending') : t('users.add.submit')}
          </button>
        </div>
      </form>
    </PageLayout>
  );
}
