import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { SettingsAnswer } from '../../../contract/settings/endpoints';
import { SETTINGS_KIND_DEFINITIONS, type SettingsKind } from '../../../contract/settings/kinds';
import { versionOf } from '../../../contract/versions';
import { isChangedSince } from '../../lib/failure-message';
import { useActionMutation } from '../../lib/use-action-mutation';
import { Button } from '../../components/form/button';
import { fieldErrorsOf, type FaultWords } from '../../components/form/problem-errors';
import { useForm } from '../../components/form/use-form';
import { useHeldAnswer, type HeldAnswer } from '../../components/form/use-held-answer';
import { useReportDirty } from '../../components/form/use-report-dirty';
import { draftOf, errorsByField, valuesOf, type Draft, type DraftValue, type FieldSpec } from './field-spec';
import { ChangedSinceNotice } from '../../components/changed-since/changed-since-notice';
import { resetPropertyField, saveEndpointOf, saveSettings, settingsQuery, settingsQueryKey } from './settings-api';
import { useCapabilities } from '../../lib/capabilities';
import { SettingsField } from './settings-field';
import type { SettingsFormProps } from './settings-form-props';
import { SettingsFormFooter } from './settings-form-footer';
import { neverAnswered, ReadFailure } from '../../components/form/read-failure';
import { LoadingStatus } from '../../components/loading-status/loading-status';

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
  // The inputs start from the answer they were built from, kept while they hold typing (decision 0680);
  // a reset changes the sources only, so they tell answers apart too.
  const held = useHeldAnswer(JSON.stringify([props.scope, props.kind]), answer.data, (data) => `${data.updatedAt}-${JSON.stringify(data.sources)}`);
  // Kept here: a save replaces the answer, which starts the inputs over, and "saved" must outlive that.
  const [saved, setSaved] = useState(false);
  if (neverAnswered(answer)) return <ReadFailure read={answer} />;
  if (!held.answer) return <LoadingStatus message={t('settings.page.loading')} />;
  return (
    <>
      <ReadFailure read={answer} />
      <LoadedForm key={held.key} {...props} answer={held.answer} held={held} saved={saved} setSaved={setSaved} />
    </>
  );
}

/** An error shown at its field: the message key in words, after the offending item of a list. */
const shownError = (t: TFunction, error: { key: string; item?: string }) => `${error.item ? `${error.item}: ` : ''}${t(error.key)}`;

/** The form's schema: the inputs (a draft) read as the kind's values, checked by the kind's schema (the one the server checks with). */
function draftSchema(kind: SettingsKind, fields: readonly FieldSpec[]) {
  return z
    .custom<Draft>()
    .transform((draft) => valuesOf(fields, draft))
    .pipe(SETTINGS_KIND_DEFINITIONS[kind].schema as z.ZodType<Record<string, unknown>, Record<string, unknown>>);
}

/**
 * Each fault of the kind's schema or the server (`to.1`) at the field it belongs to, the message key
 * in words after the offending item of a list. A fault of no field still keeps the values from being
 * sent (at the form's root).
 */
function settingsWords(fields: readonly FieldSpec[], t: TFunction): FaultWords {
  return ({ path, message }, draft) => {
    const [placed] = Object.entries(errorsByField(fields, { [path]: [message] }, valuesOf(fields, draft as Draft)));
    return placed ? { field: placed[0], message: shownError(t, placed[1]) } : { field: 'root', message: t(message) };
  };
}

interface LoadedFormProps extends SettingsKindFormProps {
  answer: SettingsAnswer;
  held: HeldAnswer<SettingsAnswer>;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}

function LoadedForm({ kind, fields, scope, onboarding, finishLabel, onSaved, onDirtyChange, answer, held, saved, setSaved }: LoadedFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = useMemo(() => draftSchema(kind, fields), [kind, fields]);
  // The user's own answer (saved, reset) starts the inputs over from it, though they hold typing.
  const accept = (next: SettingsAnswer) => {
    queryClient.setQueryData(settingsQueryKey(scope, kind), next);
    held.startOver();
  };
  const save = useActionMutation({
    mutationFn: (body: Record<string, unknown>) => saveSettings(scope, kind, body, versionOf(answer.updatedAt)),
    meta: { errorToast: false },
    onSuccess: (next) => {
      setSaved(true);
      accept(next);
      onSaved?.();
    },
  });
  // The server's field errors name list items (`to.1`) as the schema's do: each lands on its field in the same words.
  const form = useForm<Draft, Record<string, unknown>>({
    schema,
    defaultValues: draftOf(fields, answer.values),
    serverError: save.error,
    words: settingsWords(fields, t),
  });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  useReportDirty(form.formState.isDirty, held.onDirtyChange);
  const draft = form.watch();
  // A view-only role reads the page: the server refuses its save (403), so it gets no inputs to type in nor a Save
  // button, and a sentence says why; the server decides again on the call.
  const capabilities = useCapabilities(scope.kind === 'property' ? scope.merchantId : null);
  const mayChange = capabilities.may(saveEndpointOf(scope, kind));

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
  // The newest answer, then the inputs built from it: the typing goes, as the user asked.
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: settingsQueryKey(scope, kind) });
    held.startOver();
  };
  // Someone saved this page after the form read it: nothing was written (decision 0354).
  const stale = isChangedSince(save.error) || isChangedSince(reset.error);
  const failure = save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && !stale ? save.error.message : null;

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
              description={
                [t(`settings.help.${kind}.${field.name}`, { defaultValue: '' }), source ? t(`settings.source.${source}`) : ''].filter(Boolean).join(' ') ||
                undefined
              }
              disabled={!mayChange}
            />
            {source === 'property' && mayChange ? (
              <Button variant="link" pending={reset.pending} onClick={() => reset.act(field.name)} className="self-start">
                {t('settings.source.useGroupValue')}
              </Button>
            ) : null}
          </div>
        );
      })}
      {stale || held.overtaken ? (
        <ChangedSinceNotice message={t(stale ? 'settings.form.changedSince' : 'settings.form.changedMeanwhile')} onLoad={() => void showCurrent()} />
      ) : null}
      {mayChange ? (
        <SettingsFormFooter failure={failure} pending={save.pending} saved={saved} onboarding={onboarding} finishLabel={finishLabel} />
      ) : capabilities.loading ? null : (
        <p className="text-sm text-slate-700" data-testid="read-only-reason">
          {t('capabilities.readOnly.settings')}
        </p>
      )}
    </form>
  );
}
