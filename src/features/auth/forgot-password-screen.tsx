import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../components/form/use-form';
import { Link, useLocation } from 'wouter';
import { ForgotPasswordBodySchema } from '../../../contract/auth';
import { requestPasswordReset } from './auth-api';
import { PasswordLayout } from './auth-layout';
import { Field } from './field';
import { SubmitButton } from './submit-button';

type ForgotValues = { email: string };

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotValues>({ schema: ForgotPasswordBodySchema, defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.submit(async ({ email }) => {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      navigate('/forgot-password-successful');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('common.unknownError'));
    }
  });

  return (
    <PasswordLayout graphic>
      <h1 className="text-2xl font-bold">{t('auth.forgotPassword.title')}</h1>
      <p className="mt-2 mb-6 text-sm text-white/80">{t('auth.forgotPassword.intro')}</p>
      {failure && (
        <p role="alert" className="mb-4 rounded bg-red-900/60 p-3 text-sm">
          {failure}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field
          tone="dark"
          label={t('auth.forgotPassword.email')}
          type="email"
          autoComplete="email"
          error={errors.email && t('auth.forgotPassword.errors.email')}
          {...form.register('email')}
        />
        <SubmitButton tone="dark" busy={isSubmitting} busyLabel={t('auth.forgotPassword.submitting')}>
          {t('auth.forgotPassword.submit')}
        </SubmitButton>
      </form>
      <Link href="/sign-in" className="mt-4 inline-block text-sm underline">
        {t('auth.backToSignIn')}
      </Link>
    </PasswordLayout>
  );
}
