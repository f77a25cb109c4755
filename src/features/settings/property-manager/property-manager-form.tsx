import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { userAdminEndpoints, type PropertyManagers } from '../../../../contract/user-admin';
import { call } from '../../../lib/api-client';
import { isChangedSince } from '../../../lib/failure-message';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { useForm } from '../../../components/form/use-form';
import { useHeldAnswer, type HeldAnswer } from '../../../components/form/use-held-answer';
import { useReportDirty } from '../../../components/form/use-report-dirty';
import { ChangedSinceNotice } from '../../../components/changed-since/changed-since-notice';
import type { SettingsFormProps } from '../settings-form-props';
import { SettingsFormFooter } from '../settings-form-footer';
import { neverAnswered, ReadFailure } from '../../../components/form/read-failure';
import { LoadingStatus } from '../../../components/loading-status/loading-status';
import { useCapabilities } from '../../../lib/capabilities';

// The property-manager page (spec 2): which of the group's property managers cover this property.
// A manager's properties are their user scope, kept by the users module; its property-managers call
// reads the choice with its version and saves it whole, refused when someone changed it since (decision 0684).

const managersKey = (merchantId: string) => ['settings', 'property-managers', merchantId] as const;

export function PropertyManagerForm({ scope, onboarding, onSaved }: SettingsFormProps) {
  const { t } = useTranslation();
  const merchantId = scope.kind === 'property' ? scope.merchantId : null;
  const managers = useQuery({
    queryKey: managersKey(merchantId ?? ''),
    queryFn: () => call(userAdminEndpoints.getPropertyManagers, { params: { merchantId: merchantId ?? '' } }),
    enabled: merchantId !== null,
    meta: { errorToast: false },
  });
  // The choice starts from the answer it was built from, kept while it holds changes (decision 0680); its save names that answer's version.
  const held = useHeldAnswer(JSON.stringify(scope), managers.data, (answer) => answer.version);
  // Kept here: a save reloads the managers, which starts the choice over, and "saved" must outlive that.
  const [saved, setSaved] = useState(false);
  if (merchantId === null) return <p className="text-sm text-slate-600">{t('settings.propertyManager.propertyOnly')}</p>;
  if (neverAnswered(managers)) return <ReadFailure read={managers} />;
  if (!managers.data || !held.answer) return <LoadingStatus message={t('settings.page.loading')} />;
  return (
    <>
      <ReadFailure read={managers} />
      <ManagerChoice
        key={held.key}
        answer={held.answer}
        held={held}
        merchantId={merchantId}
        onboarding={onboarding}
        onSaved={onSaved}
        saved={saved}
        setSaved={setSaved}
      />
    </>
  );
}

interface ManagerChoiceProps {
  /** The managers the choice was built from, with the version its save names. */
  answer: PropertyManagers;
  held: HeldAnswer<PropertyManagers>;
  merchantId: string;
  onboarding: boolean;
  onSaved?: () => void;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}

function ManagerChoice({ answer, held, merchantId, onboarding, onSaved, saved, setSaved }: ManagerChoiceProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { managers } = answer;
  // The server says whether this user may change the choice (a view-only role may only see it); it decides again on the save.
  const capabilities = useCapabilities(merchantId);
  const mayChange = capabilities.may(userAdminEndpoints.setPropertyManagers);
  const form = useForm({
    schema: z.object({ chosen: z.array(z.string()) }),
    defaultValues: { chosen: managers.filter((user) => user.properties.some((property) => property.merchantId === merchantId)).map((user) => user.userId) },
  });
  useReportDirty(form.formState.isDirty, held.onDirtyChange);
  const save = useActionMutation({
    // The whole choice, from the version it was built from: the server keeps each manager's other properties.
    mutationFn: (userIds: string[]) => call(userAdminEndpoints.setPropertyManagers, { params: { merchantId }, body: { userIds }, ifMatch: answer.version }),
    meta: { errorToast: false },
    onSuccess: (next: PropertyManagers) => {
      setSaved(true);
      queryClient.setQueryData(managersKey(merchantId), next);
      // The saved choice starts over from the answer the save returned, though the form still holds it.
      held.startOver();
      onSaved?.();
    },
  });
  // The newest managers, then the choice built from them: what the user changed goes, as they asked.
  const showCurrent = async () => {
    await queryClient.invalidateQueries({ queryKey: managersKey(merchantId) });
    held.startOver();
  };
  // Someone changed this property's managers after the form read them: nothing was written (decision 0684).
  const stale = isChangedSince(save.error);
  return (
    <form
      noValidate
      onSubmit={form.submit(({ chosen }) => save.send(chosen))}
      className="flex max-w-2xl flex-col gap-4"
      aria-label={t('settings.propertyManager.title')}
    >
      {stale || held.overtaken ? (
        <ChangedSinceNotice message={t(stale ? 'settings.form.changedSince' : 'settings.form.changedMeanwhile')} onLoad={() => void showCurrent()} />
      ) : null}
      {managers.length === 0 ? <p className="text-sm text-slate-700">{t('settings.propertyManager.none')}</p> : null}
      {mayChange || capabilities.loading ? null : <p className="text-sm text-slate-700">{t('capabilities.readOnly.propertyManagers')}</p>}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('settings.propertyManager.legend')}</legend>
        {managers.map((user) => (
          <label key={user.userId} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" value={user.userId} disabled={!mayChange} {...form.register('chosen', { onChange: () => setSaved(false) })} />
            {t('settings.propertyManager.user', { name: `${user.firstName} ${user.lastName}`, email: user.email })}
          </label>
        ))}
      </fieldset>
      {mayChange ? <SettingsFormFooter failure={stale ? null : save.error?.message} pending={save.pending} saved={saved} onboarding={onboarding} /> : null}
    </form>
  );
}
