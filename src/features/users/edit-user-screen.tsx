import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { RoleName } from '../../../contract/roles';
import {
  userAdminEndpoints,
  grantableRoles,
  PICKER_ROLES,
  scopeRuleOf,
  sideOf,
  type PickerRole,
  UpdateUserBodySchema,
  type UpdateUserBody,
  type UserDetail,
} from '../../../contract/user-admin';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DetailSection } from '../../components/detail-section/detail-section';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { fieldErrorsOf } from '../../components/form/problem-errors';
import { problemDetailOf } from '../../components/form/problem-detail';
import { useForm } from '../../components/form/use-form';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { isChangedSince } from '../../lib/failure-message';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';
import { userDetailQuery, userKeys } from './api';
import { PropertyChoice } from './property-choice';
import { RolePicker } from './role-picker';
import { UserAuditTrail } from './user-audit-trail';
import { roleLabel } from '../../lib/role-label';
import { scopeLabel } from './user-labels';
import { UserStatusBadge } from './user-status';

/** The route is /users/[id]: the id is the `id` query parameter, else the path segment. */
function useUserId(): string | undefined {
  const [location] = useLocation();
  const fromQuery = new URLSearchParams(useSearch()).get('id');
  if (fromQuery) return fromQuery;
  const segment = location.split('/').filter(Boolean)[1];
  return segment && segment !== '[id]' ? decodeURIComponent(segment) : undefined;
}

/** /users/[id]: the user's role, scope and status; edit, resend the invitation, deactivate or reactivate; their audit trail. */
export function EditUserScreen() {
  const { t } = useTranslation();
  const id = useUserId();
  const [location, navigate] = useLocation();
  const search = useSearch();
  // "Invitation sent" says what the add-user form just did: it is read from the address once, and the address then
  // loses it, so a reload or a bookmark later does not announce an invitation again.
  const [justInvited] = useState(() => new URLSearchParams(search).get('invited') === '1');
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('invited')) return;
    params.delete('invited');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  }, [search, location, navigate]);
  const detail = useQuery({ ...userDetailQuery(id ?? ''), enabled: id !== undefined });
  const user = detail.data;
  // The form starts over from the user as they are now once its change was refused as made from an older version.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await detail.refetch();
    setGeneration((current) => current + 1);
  };
  return (
    <PageLayout
      title={user ? `${user.firstName} ${user.lastName}` : t('shell.routes.editUser')}
      subtitle={user ? <UserStatusBadge status={user.status} /> : undefined}
      back={{ href: '/users', label: t('users.backToList') }}
    >
      {detail.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {problemDetailOf(detail.error)}
        </p>
      ) : null}
      {detail.isPending && id ? <p role="status">{t('users.detail.loading')}</p> : null}
      {user && justInvited && user.status === 'invited' ? (
        <p role="status" className="rounded border border-sky-200 bg-sky-50 p-3 text-sm">
          {t('users.detail.invitationSent', { email: user.email })}
        </p>
      ) : null}
      {user ? <UserSummary user={user} /> : null}
      {user?.mayManage ? <UserEditForm key={`${user.userId}-${generation}`} user={user} onReload={reload} /> : null}
      {user && !user.mayManage ? <WhyNotManaged user={user} /> : null}
      {user ? <UserAuditTrail userId={user.userId} /> : null}
    </PageLayout>
  );
}

function UserSummary({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'deactivate' | 'reactivate' | null>(null);
  const refresh = (next: UserDetail) => {
    queryClient.setQueryData(userKeys.detail(user.userId), next);
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  const resend = useActionMutation({ mutationFn: () => call(userAdminEndpoints.resendInvitation, { params: { id: user.userId } }), onSuccess: refresh });
  const change = useActionMutation({
    mutationFn: (action: 'deactivate' | 'reactivate') =>
      call(action === 'deactivate' ? userAdminEndpoints.deactivateUser : userAdminEndpoints.reactivateUser, { params: { id: user.userId } }),
    onSuccess: (next) => {
      refresh(next);
      setConfirming(null);
    },
  });
  const items = [
    { label: t('users.columns.email'), value: user.email },
    { label: t('users.columns.role'), value: roleLabel(t, user.role) },
    { label: t('users.columns.scope'), value: scopeLabel(t, user) },
    { label: t('users.columns.lastSignIn'), value: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('users.never') },
    ...(user.invitationExpiresAt ? [{ label: t('users.detail.invitationExpires'), value: formatDateTime(user.invitationExpiresAt) }] : []),
  ];
  const actions = user.mayManage ? (
    <div className="flex flex-wrap gap-2">
      {user.status === 'invited' ? (
        <Button variant="secondary" size="sm" onClick={() => resend.act()} pending={resend.pending}>
          {t('users.detail.resend')}
        </Button>
      ) : null}
      {user.status === 'deactivated' ? (
        <Button variant="secondary" size="sm" onClick={() => setConfirming('reactivate')}>
          {t('users.detail.reactivate')}
        </Button>
      ) : (
        <button type="button" onClick={() => setConfirming('deactivate')} className="rounded border border-red-300 px-3 py-1.5 text-sm text-red-800">
          {t('users.detail.deactivate')}
        </button>
      )}
    </div>
  ) : undefined;
  return (
    <>
      <DetailSection title={t('users.detail.access')} items={items} actions={actions} />
      {resend.isSuccess ? (
        <p role="status" className="text-sm">
          {t('users.detail.invitationSent', { email: user.email })}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'reactivate' ? t('users.detail.reactivateTitle') : t('users.detail.deactivateTitle')}
        confirmLabel={confirming === 'reactivate' ? t('users.detail.reactivate') : t('users.detail.deactivate')}
        tone={confirming === 'reactivate' ? 'primary' : 'danger'}
        pending={change.pending}
        error={change.error ? problemDetailOf(change.error) : null}
        onConfirm={() => confirming && change.act(confirming)}
        onCancel={() => {
          change.reset();
          setConfirming(null);
        }}
      >
        {confirming === 'reactivate'
          ? t('users.detail.reactivateText', { name: `${user.firstName} ${user.lastName}` })
          : t('users.detail.deactivateText', { name: `${user.firstName} ${user.lastName}` })}
      </ConfirmDialog>
    </>
  );
}

/**
 * Why this page offers no change (decision 0347): the server answers mayManage false for yourself, for
 * a role outside the picker (the provider admins' to manage) and for a user beyond the caller's roles
 * or properties. Without a word the page looked broken to a merchant admin opening such a user.
 */
function WhyNotManaged({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const self = useSession().user?.userId === user.userId;
  const pickable = user.role === null || (PICKER_ROLES as readonly string[]).includes(user.role);
  const reason = self ? 'self' : pickable ? 'beyondYours' : 'providerManaged';
  return (
    <p role="note" data-testid="not-manageable" className="rounded border border-slate-200 bg-slate-50 p-3 text-sm">
      {t(`users.detail.notManageable.${reason}`, { role: roleLabel(t, user.role) })}
    </p>
  );
}

/** What the form edits: the update call's body but the user's id, which the page knows. */
const EditUserSchema = UpdateUserBodySchema.omit({ userId: true });

function UserEditForm({ user, onReload }: { user: UserDetail; onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The version this form's values were read at (decision 0355), not whatever a background refetch brings in.
  const [version, setVersion] = useState(user.updatedAt);
  const session = useSession();
  const ownGroup = session.merchantUserInfo?.merchantGroupId ?? null;
  const held = (session.user?.userRoles ?? []).map((entry) => entry.roleName as RoleName);
  const userSide = user.merchantGroupId === null ? 'provider' : 'merchant';
  const roles = grantableRoles(held).filter((role) => (sideOf(role) === 'provider') === (userSide === 'provider'));
  const current = (PICKER_ROLES as readonly string[]).includes(user.role ?? '') ? (user.role as PickerRole) : null;
  const [saved, setSaved] = useState(false);
  const save = useActionMutation({
    mutationFn: (body: UpdateUserBody) => call(userAdminEndpoints.updateUser, { body, ifMatch: version }),
    onSuccess: (next) => {
      setVersion(next.updatedAt);
      queryClient.setQueryData(userKeys.detail(user.userId), next);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      setSaved(true);
    },
  });
  const form = useForm({
    schema: EditUserSchema,
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      role: current ?? undefined,
      merchantIds: user.properties.map((property) => property.merchantId),
    },
    serverError: save.error,
  });
  const role = form.watch('role');
  const merchantIds = form.watch('merchantIds') ?? [];
  // "Saved." stays until the next change.
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setSaved(false) }), [form]);
  const errors = form.formState.errors;
  const changedSince = isChangedSince(save.error);
  const revalidate = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
  const submit = form.submit((values) =>
    save.send({ userId: user.userId, ...values, merchantIds: scopeRuleOf(values.role) === 'assigned' ? values.merchantIds : [] }),
  );
  return (
    <section className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4" aria-labelledby="edit-user-heading">
      <h2 id="edit-user-heading" className="text-base font-semibold">
        {t('users.detail.edit')}
      </h2>
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
          <RolePicker roles={roles} value={role ?? null} onChange={(next) => next && form.setValue('role', next, revalidate)} error={errors.role?.message} />
          {role && scopeRuleOf(role) === 'assigned' ? (
            <PropertyChoice
              groupId={ownGroup ? null : user.merchantGroupId}
              value={merchantIds}
              onChange={(ids) => form.setValue('merchantIds', ids, revalidate)}
              error={errors.merchantIds?.message}
            />
          ) : null}
          {changedSince ? (
            <ChangedSinceNotice message={t('users.detail.changedSince')} loadLabel={t('users.detail.showCurrent')} onLoad={() => void onReload()} />
          ) : null}
          {save.error && !changedSince && Object.keys(fieldErrorsOf(save.error)).length === 0 ? (
            <p role="alert" className="text-sm text-red-800">
              {problemDetailOf(save.error)}
            </p>
          ) : null}
          {saved ? (
            <p role="status" className="text-sm text-emerald-800">
              {t('users.detail.saved')}
            </p>
          ) : null}
          <div>
            <Button type="submit" pending={save.pending} disabled={!role}>
              {t('users.detail.save')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
