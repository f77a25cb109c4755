import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { z } from 'zod/mini';
import { EmailSchema, PASSWORD_MAX_LENGTH } from '../../../contract/auth';
import { callbackPath } from '../../../contract/callback-url';
import { useSession, useSessionActor } from '../../lib/session/session-provider';
import { signInWithCredentials } from './auth-api';
import { SignInLayout } from './auth-layout';
import { Field } from './field';
import { SubmitButton } from './submit-button';

// The first-load screen validates with the contract's zod/mini schemas and plain state instead of
// react-hook-form, which would add 16 KB gzip to the sign-in page (decision 0331).
const SignInSchema = z.object({ email: EmailSchema, password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)) });
type SignInValues = z.input<typeof SignInSchema>;
type SignInField = keyof SignInValues;

// The code step comes after the credentials are accepted: fetched then, with the form kit it is built on, so
// neither weighs on the sign-in page's first load (decision 0500).
const TwoStepCodeForm = lazy(() => import('./two-step-code-form').then((module) => ({ default: module.TwoStepCodeForm })));

/** The values to send (the schema's output), or the fields it refuses, in form order. */
function checkSignIn(values: SignInValues): { accepted: z.output<typeof SignInSchema> } | { refused: SignInField[] } {
  const result = z.safeParse(SignInSchema, values);
  if (result.success) return { accepted: result.data };
  const refused = new Set(result.error.issues.map((issue) => issue.path[0]));
  return { refused: (['email', 'password'] as const).filter((field) => refused.has(field)) };
}

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
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  // Errors show after the first submit and then follow each keystroke.
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const check = checkSignIn(values);
  const errors = new Set(submitted && 'refused' in check ? check.refused : []);

  const onChange = (field: SignInField) => (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if ('refused' in check) {
      inputs[check.refused[0]!].current?.focus();
      return;
    }
    if (submitting) return;
    const { email, password } = check.accepted;
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await signInWithCredentials(email, password, callbackUrl);
      if (answer.twoStep) sessionActor.send({ type: 'session.twoStepRequired' });
      else signedIn();
    } catch (error) {
      // The server's one message for a wrong e-mail or password (or the rate limit), spec 8.
      setFailure(error instanceof Error ? error.message : t('common.unknownError'));
    } finally {
      setSubmitting(false);
    }
  }

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
          name="email"
          ref={inputs.email}
          value={values.email}
          onChange={onChange('email')}
          error={errors.has('email') ? t('auth.signIn.errors.email') : undefined}
        />
        <Field
          label={t('auth.signIn.password')}
          type="password"
          autoComplete="current-password"
          name="password"
          ref={inputs.password}
          value={values.password}
          onChange={onChange('password')}
          error={errors.has('password') ? t('auth.signIn.errors.password') : undefined}
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
