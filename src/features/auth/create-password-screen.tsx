import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../components/form/use-form';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { PasswordSchema } from '../../../contract/auth';
import { QueryProvider } from '../../lib/query-provider';
import { isResetTokenValid, resetPassword } from './auth-api';
import { PasswordLayout } from './auth-layout';
import { Field } from './field';
import { PasswordChecklist } from './password-checklist';
import { SubmitButton } from './submit-button';

const CreatePasswordSchema = z
  .object({ password: PasswordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], message: 'mismatch' });
type CreatePasswordValues = z.input<typeof CreatePasswordSchema>;

export function CreatePasswordScreen() {
  return (
    <QueryProvider>
      <CreatePassword />
    </QueryProvider>
  );
}

function CreatePassword() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  // The link is checked before the form is offered, so nobody types a password for a dead link.
  const validation = useQuery({
    queryKey: ['password-reset-token', token],
    queryFn: () => isResetTokenValid(token),
    retry: false,
    staleTime: Infinity,
  });

  return (
    <PasswordLayout>
      <h1 className="mb-6 text-2xl font-bold">{t('auth.createPassword.title')}</h1>
      {validation.isPending && <p role="status">{t('auth.createPassword.checking')}</p>}
      {(validation.data === false || validation.isError) && <InvalidLink />}
      {validation.data === true && <CreatePasswordForm token={token} />}
    </PasswordLayout>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <h2 className="text-lg font-semibold">{t('auth.createPassword.invalidTitle')}</h2>
      <p className="mt-2 mb-4 text-white/80">{t('auth.createPassword.invalidBody')}</p>
      <Link href="/forgot-password" className="underline">
        {t('auth.createPassword.askAgain')}
      </Link>
    </div>
  );
}

function CreatePasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreatePasswordValues>({ schema: CreatePasswordSchema, defaultValues: { password: '', confirmation: '' } });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.submit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(token, values.password);
      navigate('/create-password-successful', { replace: true });
    } catch (error) {
      // E.g. the link was used in another tab meanwhile: the server's message says so.
      setFailure(error instanceof Error ? error.message : t('common.unknownError'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure && (
        <div role="alert" className="rounded bg-red-900/60 p-3 text-sm">
          <p>{failure}</p>
          <Link href="/forgot-password" className="underline">
            {t('auth.createPassword.askAgain')}
          </Link>
        </div>
      )}
      <Field
        tone="dark"
        label={t('auth.createPassword.password')}
        type="password"
        autoComplete="new-password"
        aria-describedby="password-policy"
        error={errors.password && t('auth.createPassword.errors.policy')}
        {...form.register('password')}
      />
      <PasswordChecklist id="password-policy" password={password} />
      <Field
        tone="dark"
        label={t('auth.createPassword.confirmation')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmation && t('auth.createPassword.errors.mismatch')}
        {...form.register('confirmation')}
      />
      <SubmitButton tone="dark" busy={isSubmitting} busyLabel={t('auth.createPassword.submitting')}>
        {t('auth.createPassword.submit')}
      </SubmitButton>
    </form>
  );
}
