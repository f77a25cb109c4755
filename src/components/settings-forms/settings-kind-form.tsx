import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { SettingsAnswer } from '../../../contract/settings/endpoints';
import { SETTINGS_KIND_DEFINITIONS, type SettingsKind } from '../../../contract/settings/kinds';
import { versionOf } from '../../../contract/versions';
import { isChangedSince, ResponseError } from '../../lib/failure-message';
import { useActionMutation } from '../../lib/use-action-mutation';
import { Button } from '../form/button';
import { useForm } from '../form/use-form';
import { draftOf, errorsByField, valuesOf, type Draft, type DraftValue, type FieldSpec } from './field-spec';
import { ChangedSinceNotice } from '../changed-since/changed-since-notice';
import { resetPropertyField, saveSettings, settingsQuery, settingsQueryKey } from './settings-api';
import { SettingsField } from './settings-field';
import type { SettingsFormProps } from './settings-form-props';
import { SettingsFormFooter } from './settings-form-footer';
import { useReportDirty } from './use-report-dirty';

// The form of one settings kind, for a group or a property, as a page or as a wizard step. The
// kind's schema (contract/settings/) checks the values before they are sent; the server checks them
// again and its field errors show on the same fields. A property's fields say whether they are
// inherited from the group or its own, and an own value can go back to the group's.

export interface SettingsKindFormProps extends SettingsFormProps {
  kind: SettingsKind;
  fields: readonly FieldSpec[];
}

export function SettingsKindForm(props: SettingsKindFormProps) {
  const { t } = useTranslation();
  const answer = useQuery(settingsQuery(props.scope, props.kind));
  // Kept here: a save replaces the answer, which starts the inputs over, and "saved" must outlive that.
  const [saved, setSaved] = useState(false);
  if (answer.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {answer.error.message}
      </p>
    );
  }
  if (!answer.data) return <p className="text-sm text-slate-600">{t('settings.page.loading')}</p>;
  // A fresh answer (saved, reset) starts the inputs over from it.
  return (
    <LoadedForm key={`${answer.data.updatedAt}-${JSON.stringify(answer.data.sources)}`} {...props} answer={answer.data} saved={saved} setSaved={setSaved} />
  );
}

/** The server's refusal of the values (400) with field errors, as the kind's schema would say them; else null. */
function serverFieldErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ResponseError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : null;
}

/** An error shown at its field: the message key in words, after the offending item of a list. */
const shownError = (t: TFunction, error: { key: string; item?: string }) => `${error.item ? `${error.item}: ` : ''}${t(error.key)}`;

/**
 * The form's schema: the inputs (a draft) read as the kind's values, checked by the kind's schema
 * (the one the server checks with), each problem put on the field it belongs to, in words.
 */
function draftSchema(kind: SettingsKind, fields: readonly FieldSpec[], t: TFunction) {
  return z
    .custom<Draft>()
    .transform((draft) => valuesOf(fields, draft))
    .superRefine((values, context) => {
      const result = SETTINGS_KIND_DEFINITIONS[kind].schema.safeParse(values);
      if (result.success) return;
      const messages: Record<string, string[]> = {};
      for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message);
      const byField = errorsByField(fields, messages, values);
      for (const [name, error] of Object.entries(byField)) context.addIssue({ code: 'custom', path: [name], message: shownError(t, error) });
      // A problem of no field still keeps the values from being sent.
      if (Object.keys(byField).length === 0) context.addIssue({ code: 'custom', path: ['root'], message: t(result.error.issues[0]?.message ?? '') });
    });
}

interface LoadedFormProps extends SettingsKindFormProps {
  answer: SettingsAnswer;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}

function LoadedForm({ kind, fields, scope, onboarding, finishLabel, onSaved, onDirtyChange, answer, saved, setSaved }: LoadedFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = useMemo(() => draftSchema(kind, fields, t), [kind, fields, t]);
  const form = useForm<Draft, Record<string, unknown>>({ schema, defaultValues: draftOf(fields, answer.values) });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const draft = form.watch();
  const accept = (next: SettingsAnswer) => queryClient.setQueryData(settingsQueryKey(scope, kind), next);

  const save = useActionMutation({
    mutationFn: (body: Record<string, unknown>) => saveSettings(scope, kind, body, versionOf(answer.updatedAt)),
    meta: { errorToast: false },
    onSuccess: (next) => {
      setSaved(true);
      accept(next);
      onSaved?.();
    },
    // The server's field errors name list items (`to.1`): each lands on its field, worded as the schema's would be.
    onError: (error) => {
      const errors = serverFieldErrors(error);
      if (!errors) return;
      const byField = errorsByField(fields, errors, valuesOf(fields, form.getValues()));
      for (const [name, shown] of Object.entries(byField)) form.setError(name, { type: 'server', message: shownError(t, shown) });
    },
  });
  const reset = useActionMutation({
    mutationFn: (field: string) =>
      scope.kind === 'property' ? resetPropertyField(scope.merchantId, kind, field, versionOf(answer.updatedAt)) : Promise.resolve(answer),
    onSuccess: accept,
  });

  const change = (name: string, value: DraftValue) => {
    setSaved(false);
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const submit = form.submit((values) => save.send(values));
  // Someone saved this page after the form read it: nothing was written (decision 0354).
  const stale = isChangedSince(save.error) || isChangedSince(reset.error);
  const failure = save.error && !serverFieldErrors(save.error) && !stale ? save.error.message : null;

  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4" data-testid={`settings-form-${kind}`} aria-label={t(`settings.kinds.${kind}`)}>
      {fields.map((field) => {
        // In the wizard nothing of a new property is set yet: saying so at every field is noise (issue 34).
        const said = scope.kind === 'property' ? answer.sources[field.name] : undefined;
        const source = onboarding && said === 'default' ? undefined : said;
        const error = form.formState.errors[field.name]?.message;
        return (
          <div key={field.name} className="flex flex-col gap-1" data-field={field.name} data-source={source}>
            <SettingsField
              kind={kind}
              field={field}
              draft={draft}
              onChange={change}
              error={error}
              description={source ? t(`settings.source.${source}`) : undefined}
            />
            {source === 'property' ? (
              <Button variant="link" pending={reset.pending} onClick={() => reset.act(field.name)} className="self-start">
                {t('settings.source.useGroupValue')}
              </Button>
            ) : null}
          </div>
        );
      })}
      {stale ? (
        <ChangedSinceNotice
          message={t('settings.form.changedSince')}
          onLoad={() => void queryClient.invalidateQueries({ queryKey: settingsQueryKey(scope, kind) })}
        />
      ) : null}
      <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
    </form>
  );
}
