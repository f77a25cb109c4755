import { useEffect, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { KycApplication } from '../../../contract/kyc/application';
import type { SaveStepAnswer } from '../../../contract/kyc/endpoints';
import { KYC_STEP_SCHEMAS } from '../../../contract/kyc/step-schemas';
import type { KycStepId } from '../../../contract/kyc/steps';
import { useForm } from '../../components/form/use-form';
import { FieldLockContext, type FieldLock } from './components/field-lock';
import { keepEditable, stepDefaults } from './step-defaults';

type Data = Record<string, unknown>;

interface StepFormProps {
  step: KycStepId;
  application: KycApplication;
  lock: FieldLock;
  /** Save then move on (the machine decides whether the step is valid enough to advance). */
  onNext: (data: Data, changed: boolean) => void;
  /** Save the draft as it is (invalid steps are still kept: nothing typed is lost). */
  onSaveDraft: (data: Data) => void;
  /** Server answers of saves, to show the server's field errors when it disagrees. */
  subscribe: (listener: (answer: SaveStepAnswer) => void) => () => void;
  children: ReactNode;
  actions: (submit: () => void, saveDraft: () => void) => ReactNode;
}

/** One step's form: react-hook-form with the contract's zod schema of that step. */
export function StepForm({ step, application, lock, onNext, onSaveDraft, subscribe, children, actions }: StepFormProps) {
  const { t } = useTranslation();
  const detail = application.steps.find((entry) => entry.step === step);
  const form = useForm<Data>({
    // The step is chosen at run time, so the form's values are typed as a record; the schema still checks every field.
    schema: KYC_STEP_SCHEMAS[step] as z.ZodType<Data, Data>,
    defaultValues: stepDefaults(step, detail?.data),
  });

  useEffect(
    () =>
      subscribe((answer) => {
        if (answer.step !== step || answer.valid) return;
        for (const [path, messages] of Object.entries(answer.errors)) {
          const message = messages[0];
          if (!message) continue;
          form.setError(path === '_' ? 'root.server' : path, { type: 'server', message });
        }
      }),
    [form, step, subscribe],
  );

  // Read during render so react-hook-form tracks it (its form state is a subscription proxy).
  const { isDirty } = form.formState;
  const payload = (values: Data): Data => {
    if (application.mode !== 'resubmission') return values;
    const editable = (path: string) => lock.isEditable(path) || (path.endsWith('DocumentId') && lock.isDocumentEditable(form.getValues(path) as string));
    return keepEditable(detail?.data ?? {}, values, editable) as Data;
  };

  const submit = form.handleSubmit(
    (values) => onNext(payload(values), isDirty),
    () => onSaveDraft(payload(form.getValues())),
  );
  const rootMessage = form.formState.errors.root?.server?.message;

  return (
    <FormProvider {...form}>
      <FieldLockContext.Provider value={lock}>
        <form
          noValidate
          aria-label={t(`kyc.stepShort.${step}`)}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {children}
          {rootMessage ? (
            <p role="alert" className="mb-4 text-sm text-red-700">
              {t(rootMessage)}
            </p>
          ) : null}
          {actions(
            () => void submit(),
            () => onSaveDraft(payload(form.getValues())),
          )}
        </form>
      </FieldLockContext.Provider>
    </FormProvider>
  );
}
