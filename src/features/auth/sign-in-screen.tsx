import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { z } from 'zod/mini';
import { EmailSchema, PASSWORD_MAX_LENGTH } from '../../../contract/auth';
import { callbackPath } from '../../../contract/callback-url';
import { useForm } from '../../components/form/use-form';
import { useSession, useSessionActor } from '../../lib/session/session-provider';
import { signInWithCredentials } from './auth-api';
import { SignInLayout } from './auth-layout';
import { Field } from './field';
import { SubmitButton } from './submit-button';

// The credentials the sign-in form sends: the contract's e-mail and the password's length (decision 0331's checks).
const SignInSchema = z.object({ email: EmailSchema, password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)) });

// The code step comes after the credentials are accepted: fetched then, so it does not weigh on the sign-in
// page's first load (decision 0500).
const TwoStepCodeForm = lazy(() => import('./two-step-code-form').then((module) => ({ default: module.TwoStepCodeForm })));

export function SignInScreen() {
  const { t } = useTranslation();
  const { status, signedIn } = useSession();
  const sessionActor = useSessionActor();
  const twoStep = useSelector(sessionActor, (state) => state.matches({ unauthenticated: 'twoStep' }));
  // After the credentials are accepted the session is checked in the background; stay busy until it is there.
  const checking = useSelector(sessionActor, (state) => state.matches({ unauthenticated: 'checking' }));
  // useSearch subscribes; the raw query is read because useSearch decodes it (a callbackUrl with its own query would break).
  useSearch();
  const search = new URLSearchParams(window.location.search);
  // Where the visitor was going; the route guard takes them there once the session exists.
  const callbackUrl = callbackPath(search.get('callbackUrl'), window.location.origin) ?? '/';
  const sessionRequired = search.get('error') === 'SessionRequired';
  const [failure, setFailure] = useState<string | null>(null);
  // The kit checks the values on submit and then on each keystroke, focuses the first refused field and
  // sends once however often the button is clicked.
  const form = useForm({ schema: SignInSchema, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting: submitting } = form.formState;

  const onSubmit = form.submit(async ({ email, password }) => {
    setFailure(null);
    try {
      const answer = await signInWithCredentials(email, password, callbackUrl);
      if (answer.twoStep) sessionActor.send({ type: 'session.twoStepRequired' });
      else signedIn();
    } catch (error) {
      // One message for a wrong e-mail or password (or a wait, or the rate limit): the catalogue's words for the
      // refusal's code, or the server's (spec 8) for a refusal without one (decision 0686).
      setFailure(error instanceof Error ? error.message : t('common.unknownError'));
    }
  });

  const busy = submitting || checking || status === 'authenticated';
  if (twoStep)
    return (
      <SignInLayout>
        <Suspense fallback={<p role="status">{t('auth.twoStep.loading')}</p>}>
          <TwoStepCodeForm />
        </Suspense>
      </SignInLayout>
    );
  return (
    <SignInLayout>
      <h1 className="text-2xl font-bold text-brand-dark">{t('auth.signIn.title')}</h1>
      <p className="mt-1 mb-6 text-sm text-gray-600">{t('auth.signIn.subtitle')}</p>
      {sessionRequired && !failure && (
        <p role="status" className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          {t('auth.signIn.sessionRequired')}
        </p>
      )}
      {failure && (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field
          label={t('auth.signIn.email')}
          type="email"
          autoComplete="username"
          error={errors.email ? t('auth.signIn.errors.email') : undefined}
          {...form.register('email')}
        />
        <Field
          label={t('auth.signIn.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password ? t('auth.signIn.errors.password') : undefined}
          {...form.register('password')}
        />
        <SubmitButton busy={busy} busyLabel={t('auth.signIn.submitting')}>
          {t('auth.signIn.submit')}
        </SubmitButton>
      </form>
      <Link href="/forgot-password" className="mt-4 inline-block text-sm text-brand underline">
        {t('auth.signIn.forgotPassword')}
      </Link>
    </SignInLayout>
  );
}
