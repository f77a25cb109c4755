import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROVIDER_ADMINS } from '../../../contract/permission-table';
import type { RoleName } from '../../../contract/roles';
import { SignInPolicyBodySchema, twoStepEndpoints, type SignInPolicy } from '../../../contract/two-step';
import { Button } from '../../components/form/button';
import { problemDetailOf } from '../../components/form/problem-detail';
import { useForm } from '../../components/form/use-form';
import { PageLayout } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { currentRoleOf } from '../../lib/permissions';
import { useCapabilities } from '../../lib/capabilities';
import { useSession } from '../../lib/session/session-provider';
import { useActionMutation } from '../../lib/use-action-mutation';

const policyKey = ['users', 'sign-in-policy'] as const;

/** Whether the signed-in user is a provider admin, who alone changes the sign-in policy (decision 0310). */
export function isProviderAdmin(role: string | undefined): boolean {
  return PROVIDER_ADMINS.includes(role as RoleName);
}

/** /users/sign-in-security: the sign-in policy, next to the people it governs (decision 0310). */
export function SignInSecurityScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Only the users list links here (for provider admins); a typed address by anyone else is told so, not refused by the server.
  const capabilities = useCapabilities();
  const mayRead = capabilities.may(twoStepEndpoints.getSignInPolicy);
  const policy = useQuery({ queryKey: policyKey, queryFn: ({ signal }) => call(twoStepEndpoints.getSignInPolicy, { signal }), enabled: mayRead });
  return (
    <PageLayout title={t('users.signInPolicy.title')} back={{ href: '/users', label: t('users.backToList') }}>
      {!mayRead && !capabilities.loading ? (
        <p role="status" data-testid="sign-in-policy-not-readable" className="text-sm text-slate-700">
          {t('users.signInPolicy.notReadable')}
        </p>
      ) : null}
      {policy.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {problemDetailOf(policy.error)}
        </p>
      ) : null}
      {policy.data ? <PolicyForm policy={policy.data} mayChange={isProviderAdmin(currentRoleOf(user?.userRoles))} /> : null}
    </PageLayout>
  );
}

function PolicyForm({ policy, mayChange }: { policy: SignInPolicy; mayChange: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useActionMutation({
    mutationFn: (body: { requireTwoStepForProviderRoles: boolean }) => call(twoStepEndpoints.updateSignInPolicy, { body }),
    onSuccess: (next) => queryClient.setQueryData(policyKey, next),
  });
  const form = useForm({
    schema: SignInPolicyBodySchema,
    defaultValues: { requireTwoStepForProviderRoles: policy.requireTwoStepForProviderRoles },
    serverError: save.error,
  });
  return (
    <form onSubmit={form.submit((body) => save.send(body))} noValidate className="flex max-w-2xl flex-col gap-3 rounded border border-slate-200 bg-white p-4">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" disabled={!mayChange} {...form.register('requireTwoStepForProviderRoles')} />
        <span>
          <span className="font-medium">{t('users.signInPolicy.requireTwoStep')}</span>
          <span className="block text-slate-700">{t('users.signInPolicy.requireTwoStepHint')}</span>
        </span>
      </label>
      {policy.isDefault ? <p className="text-sm text-slate-700">{t('users.signInPolicy.isDefault')}</p> : null}
      {mayChange ? (
        <div className="flex items-center gap-3">
          <Button type="submit" pending={save.pending}>
            {t('users.signInPolicy.save')}
          </Button>
          {save.isSuccess ? (
            <span role="status" className="text-sm">
              {t('users.signInPolicy.saved')}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('users.signInPolicy.adminsOnly')}</p>
      )}
    </form>
  );
}
