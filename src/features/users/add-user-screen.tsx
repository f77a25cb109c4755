import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { userAdminEndpoints, grantableRoles, scopeRuleOf, sideOf, type CreateUserBody, type PickerRole } from '../../../contract/user-admin';
import type { RoleName } from '../../../contract/roles';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf } from '../../components/form/problem-errors';
import { problemDetailOf } from '../../components/form/problem-detail';
import { useForm } from '../../components/form/use-form';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { useActionMutation } from '../../lib/use-action-mutation';
import { useSession } from '../../lib/session/session-provider';
import { assignableGroupsQuery, userKeys } from './api';
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
  const create = useActionMutation({
    mutationFn: (body: CreateUserBody) => call(userAdminEndpoints.createUser, { body }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      navigate(`/users/${created.userId}?invited=1`);
    },
  });
  // The contract's rules in this screen's words; which roles need a group or properties is the contract's too.
  const schema = useMemo(
    () =>
      z
        .object({
          firstName: z.string().refine((value) => value.trim() !== '', t('users.form.required')),
          lastName: z.string().refine((value) => value.trim() !== '', t('users.form.required')),
          email: z.string().refine((value) => /^\S+@\S+\.\S+$/.test(value.trim()), t('users.form.invalidEmail')),
          role: z.custom<PickerRole | null>().refine((value) => value !== null, t('users.form.pickRole')),
          merchantGroupId: z.string(),
          merchantIds: z.array(z.string()),
        })
        .superRefine((values, check) => {
          if (needsGroupFor(values.role, ownGroup) && !values.merchantGroupId)
            check.addIssue({ code: 'custom', path: ['merchantGroupId'], message: t('users.form.pickGroup') });
          if (values.role && scopeRuleOf(values.role) === 'assigned' && values.merchantIds.length === 0)
            check.addIssue({ code: 'custom', path: ['merchantIds'], message: t('users.form.pickProperty') });
        }),
    [ownGroup, t],
  );
  const form = useForm({
    schema,
    defaultValues: { firstName: '', lastName: '', email: '', role: null, merchantGroupId: '', merchantIds: [] },
    serverError: create.error,
  });
  const errors = form.formState.errors;
  const role = form.watch('role');
  const chosenGroup = form.watch('merchantGroupId');
  const merchantIds = form.watch('merchantIds');
  const needsGroup = needsGroupFor(role, ownGroup);
  const groupId = ownGroup ?? (chosenGroup || null);
  const groups = useQuery({ ...assignableGroupsQuery(), enabled: needsGroup });
  // After the first submit each change is checked again, as the fields' own errors are.
  const revalidate = { shouldValidate: form.formState.isSubmitted };

  const submit = form.submit((values) => {
    if (!values.role) return;
    return create.send({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      role: values.role,
      ...(needsGroupFor(values.role, ownGroup) ? { merchantGroupId: values.merchantGroupId } : {}),
      merchantIds: scopeRuleOf(values.role) === 'assigned' ? values.merchantIds : [],
    });
  });

  // A role that may grant no role (a view-only one) may not add anyone: the list offers no "Add user", and an address
  // opened directly says why instead of a form the server refuses.
  if (roles.length === 0)
    return (
      <PageLayout title={t('users.add.title')} back={{ href: '/users', label: t('users.backToList') }}>
        <p role="status" data-testid="read-only-reason">
          {t('capabilities.readOnly.users')}
        </p>
      </PageLayout>
    );
  return (
    <PageLayout title={t('users.add.title')} back={{ href: '/users', label: t('users.backToList') }}>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label={t('users.form.firstName')} required name="firstName">
              {(control) => <input {...control} className={inputClass} maxLength={100} {...form.register('firstName')} />}
            </Field>
            <Field label={t('users.form.lastName')} required name="lastName">
              {(control) => <input {...control} className={inputClass} maxLength={100} {...form.register('lastName')} />}
            </Field>
          </div>
          <Field label={t('users.form.email')} description={t('users.form.emailHint')} required name="email">
            {(control) => <input {...control} type="email" className={inputClass} maxLength={320} {...form.register('email')} />}
          </Field>
          <RolePicker
            roles={roles}
            value={role}
            onChange={(next) => {
              form.setValue('role', next, revalidate);
              form.setValue('merchantIds', [], revalidate);
            }}
            error={errors.role?.message}
          />
          {needsGroup ? (
            <Field label={t('users.form.group')} required name="merchantGroupId">
              {(control) => (
                <select
                  {...control}
                  className={inputClass}
                  value={chosenGroup}
                  onChange={(event) => {
                    form.setValue('merchantGroupId', event.target.value, revalidate);
                    form.setValue('merchantIds', [], revalidate);
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
            <PropertyChoice
              groupId={needsGroup ? groupId : null}
              value={merchantIds}
              onChange={(ids) => form.setValue('merchantIds', ids, revalidate)}
              error={errors.merchantIds?.message}
            />
          ) : null}
          {role && scopeRuleOf(role) === 'group' ? <p className="text-sm text-slate-700">{t('users.form.coversGroup')}</p> : null}
          {create.error && Object.keys(fieldErrorsOf(create.error)).length === 0 ? (
            <p role="alert" className="text-sm text-red-800">
              {problemDetailOf(create.error)}
            </p>
          ) : null}
          <div>
            <Button type="submit" pending={create.pending} pendingLabel={t('users.add.sending')}>
              {t('users.add.submit')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </PageLayout>
  );
}

/** A merchant- or property-side role picked by someone outside any group names the group it is for. */
function needsGroupFor(role: PickerRole | null, ownGroup: string | null): boolean {
  return role !== null && sideOf(role) !== 'provider' && ownGroup === null;
}
