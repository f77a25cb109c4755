import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
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
  type UpdateUserBody,
  type UserDetail,
} from '../../../contract/user-admin';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DetailSection } from '../../components/detail-section/detail-section';
import { Field, inputClass } from '../../components/form/field';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { isChangedSince } from '../../lib/failure-message';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';
import { userDetailQuery, userKeys } from './api';
import { fieldErrorsOf, problemDetailOf } from './form-errors';
import { PropertyChoice } from './property-choice';
import { RolePicker } from './role-picker';
import { UserAuditTrail } from './user-audit-trail';
import { roleLabel, scopeLabel } from './user-labels';
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
  const justInvited = new URLSearchParams(useSearch()).get('invited') === '1';
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
        <button type="button" onClick={() => resend.act()} disabled={resend.pending} className="rounded border border-slate-300 px-3 py-1.5 text-sm">
          {t('users.detail.resend')}
        </button>
      ) : null}
      {user.status === 'deactivated' ? (
        <button type="button" onClick={() => setConfirming('reactivate')} className="rounded border border-slate-300 px-3 py-1.5 text-sm">
          {t('users.detail.reactivate')}
        </button>
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
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [role, setRole] = useState<PickerRole | null>(current);
  const [merchantIds, setMerchantIds] = useState<string[]>(user.properties.map((property) => property.merchantId));
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [firstName, lastName, role, merchantIds]);
  const save = useActionMutation({
    mutationFn: (body: UpdateUserBody) => call(userAdminEndpoints.updateUser, { body, ifMatch: version }),
    onSuccess: (next) => {
      setVersion(next.updatedAt);
      queryClient.setQueryData(userKeys.detail(user.userId), next);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      setSaved(true);
    },
  });
  const errors = fieldErrorsOf(save.error);
  const changedSince = isChangedSince(save.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!role) return;
    save.act({ userId: user.userId, firstName, lastName, role, merchantIds: scopeRuleOf(role) === 'assigned' ? merchantIds : [] });
  }
  return (
    <section className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-4" aria-labelledby="edit-user-heading">
      <h2 id="edit-user-heading" className="text-base font-semibold">
        {t('users.detail.edit')}
      </h2>
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
        <RolePicker roles={roles} value={role} onChange={setRole} error={errors.role} />
        {role && scopeRuleOf(role) === 'assigned' ? (
          <PropertyChoice groupId={ownGroup ? null : user.merchantGroupId} value={merchantIds} onChange={setMerchantIds} error={errors.merchantIds} />
        ) : null}
        {changedSince ? (
          <ChangedSinceNotice message={t('users.detail.changedSince')} loadLabel={t('users.detail.showCurrent')} onLoad={() => void onReload()} />
        ) : null}
        {save.error && !changedSince && Object.keys(errors).length === 0 ? (
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
          <button type="submit" disabled={save.pending || !role} className="rounded bg-brand px-4 py-2 text-sm font-medium text-white disabled:opacity-70">
            {t('users.detail.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
