import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsAnswer } from '../../../contract/settings/endpoints';
import { SETTINGS_KIND_DEFINITIONS, type SettingsKind } from '../../../contract/settings/kinds';
import { versionOf } from '../../../contract/versions';
import { isChangedSince, ResponseError } from '../../lib/failure-message';
import { useActionMutation } from '../../lib/use-action-mutation';
import { MutationButton } from '../mutation-button';
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

function issuesOf(kind: SettingsKind, values: Record<string, unknown>): Record<string, string[]> | null {
  const result = SETTINGS_KIND_DEFINITIONS[kind].schema.safeParse(values);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

function serverFieldErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ResponseError) || error.status !== 400) return null;
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' && !Array.isArray(errors) ? (errors as Record<string, string[]>) : null;
}

interface LoadedFormProps extends SettingsKindFormProps {
  answer: SettingsAnswer;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}

function LoadedForm({ kind, fields, scope, onboarding, finishLabel, onSaved, onDirtyChange, answer, saved, setSaved }: LoadedFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState<Draft>(() => draftOf(fields, answer.values));
  const [draft, setDraft] = useState<Draft>(initial);
  useReportDirty(JSON.stringify(draft) !== JSON.stringify(initial), onDirtyChange);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const values = valuesOf(fields, draft);
  const shown = errorsByField(fields, errors, values);
  const accept = (next: SettingsAnswer) => queryClient.setQueryData(settingsQueryKey(scope, kind), next);

  const save = useActionMutation({
    mutationFn: (body: Record<string, unknown>) => saveSettings(scope, kind, body, versionOf(answer.updatedAt)),
    meta: { errorToast: false },
    onSuccess: (next) => {
      setSaved(true);
      accept(next);
      onSaved?.();
    },
    onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
  });
  const reset = useActionMutation({
    mutationFn: (field: string) =>
      scope.kind === 'property' ? resetPropertyField(scope.merchantId, kind, field, versionOf(answer.updatedAt)) : Promise.resolve(answer),
    onSuccess: accept,
  });

  const change = (name: string, value: DraftValue) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [name]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issues = issuesOf(kind, values);
    setErrors(issues ?? {});
    if (!issues) save.act(values);
  };
  // Someone saved this page after the form read it: nothing was written (decision 0354).
  const stale = isChangedSince(save.error) || isChangedSince(reset.error);
  const failure = save.error && !serverFieldErrors(save.error) && !stale ? save.error.message : null;

  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4" data-testid={`settings-form-${kind}`} aria-label={t(`settings.kinds.${kind}`)}>
      {fields.map((field) => {
        // In the wizard nothing of a new property is set yet: saying so at every field is noise (issue 34).
        const said = scope.kind === 'property' ? answer.sources[field.name] : undefined;
        const source = onboarding && said === 'default' ? undefined : said;
        const error = shown[field.name];
        return (
          <div key={field.name} className="flex flex-col gap-1" data-field={field.name} data-source={source}>
            <SettingsField
              kind={kind}
              field={field}
              draft={draft}
              onChange={change}
              error={error ? `${error.item ? `${error.item}: ` : ''}${t(error.key)}` : undefined}
              description={source ? t(`settings.source.${source}`) : undefined}
            />
            {source === 'property' ? (
              <MutationButton
                pending={reset.pending}
                onClick={() => reset.act(field.name)}
                className="self-start text-sm text-brand underline underline-offset-2"
              >
                {t('settings.source.useGroupValue')}
              </MutationButton>
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
