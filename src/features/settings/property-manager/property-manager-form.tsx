import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { userAdminEndpoints, type UserRow } from '../../../../contract/user-admin';
import { call } from '../../../lib/api-client';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { useForm } from '../../../components/form/use-form';
import { useHeldAnswer, type HeldAnswer } from '../../../components/form/use-held-answer';
import { useReportDirty } from '../../../components/form/use-report-dirty';
import { ChangedSinceNotice } from '../../../components/changed-since/changed-since-notice';
import type { SettingsFormProps } from '../settings-form-props';
import { SettingsFormFooter } from '../settings-form-footer';
import { neverAnswered, ReadFailure } from '../../../components/form/read-failure';

// The property-manager page (spec 2): which of the group's property managers cover this property.
// A manager's properties are their user scope, kept by the users module: this form reads the group's
// users and sets each changed manager's properties through the users module's own call.

const MANAGER_ROLE = 'PropertyManager';
const managersKey = (merchantGroupId: string) => ['settings', 'property-managers', merchantGroupId] as const;

async function managersOf(merchantGroupId: string): Promise<UserRow[]> {
  const page = await call(userAdminEndpoints.listUsers, { query: { role: MANAGER_ROLE, pageSize: 100 } });
  return page.items.filter((user) => user.merchantGroupId === merchantGroupId && user.status !== 'deactivated');
}

export function PropertyManagerForm({ scope, onboarding, onSaved }: SettingsFormProps) {
  const { t } = useTranslation();
  const managers = useQuery({ queryKey: managersKey(scope.merchantGroupId), queryFn: () => managersOf(scope.merchantGroupId), meta: { errorToast: false } });
  // The choice starts from the managers it was built from, kept while it holds changes (decision 0680).
  const held = useHeldAnswer(JSON.stringify(scope), managers.data, (users) => JSON.stringify(users.map((user) => [user.userId, user.properties])));
  // Kept here: a save reloads the managers, which starts the choice over, and "saved" must outlive that.
  const [saved, setSaved] = useState(false);
  if (scope.kind !== 'property') return <p className="text-sm text-slate-600">{t('settings.propertyManager.propertyOnly')}</p>;
  if (neverAnswered(managers)) return <ReadFailure read={managers} />;
  if (!managers.data || !held.answer) return <p className="text-sm text-slate-600">{t('settings.page.loading')}</p>;
  return (
    <>
      <ReadFailure read={managers} />
      <ManagerChoice
        key={held.key}
        managers={held.answer}
        latest={managers.data}
        held={held}
        merchantId={scope.merchantId}
        merchantGroupId={scope.merchantGroupId}
        onboarding={onboarding}
        onSaved={onSaved}
        saved={saved}
        setSaved={setSaved}
      />
    </>
  );
}

interface ManagerChoiceProps {
  /** The managers the choice was built from. */
  managers: UserRow[];
  /** The newest read of them: a save keeps the properties someone else gave a manager meanwhile. */
  latest: UserRow[];
  held: HeldAnswer<UserRow[]>;
  merchantId: string;
  merchantGroupId: string;
  onboarding: boolean;
  onSaved?: () => void;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}

function ManagerChoice({ managers, latest, held, merchantId, merchantGroupId, onboarding, onSaved, saved, setSaved }: ManagerChoiceProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const covers = (user: UserRow) => user.properties.some((property) => property.merchantId === merchantId);
  const form = useForm({
    schema: z.object({ chosen: z.array(z.string()) }),
    defaultValues: { chosen: managers.filter(covers).map((user) => user.userId) },
  });
  useReportDirty(form.formState.isDirty, held.onDirtyChange);
  const save = useActionMutation({
    mutationFn: async (ids: string[]) => {
      const chosen = new Set(ids);
      // Only the managers whose choice the user changed: each keeps their other properties as they are now.
      for (const user of managers.filter((candidate) => covers(candidate) !== chosen.has(candidate.userId))) {
        const now = latest.find((candidate) => candidate.userId === user.userId) ?? user;
        const others = now.properties.map((property) => property.merchantId).filter((id) => id !== merchantId);
        await call(userAdminEndpoints.assignUserScope, {
          body: { userId: user.userId, merchantIds: chosen.has(user.userId) ? [...others, merchantId] : others },
        });
      }
    },
    meta: { errorToast: false },
    onSuccess: async () => {
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: managersKey(merchantGroupId) });
      // The saved choice starts over from the managers read again, though the form still holds it.
      held.startOver();
      onSaved?.();
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.submit(({ chosen }) => save.send(chosen))}
      className="flex max-w-2xl flex-col gap-4"
      aria-label={t('settings.propertyManager.title')}
    >
      {held.overtaken ? <ChangedSinceNotice message={t('settings.form.changedMeanwhile')} onLoad={held.startOver} /> : null}
      {managers.length === 0 ? <p className="text-sm text-slate-700">{t('settings.propertyManager.none')}</p> : null}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('settings.propertyManager.legend')}</legend>
        {managers.map((user) => (
          <label key={user.userId} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" value={user.userId} {...form.register('chosen', { onChange: () => setSaved(false) })} />
            {t('settings.propertyManager.user', { name: `${user.firstName} ${user.lastName}`, email: user.email })}
          </label>
        ))}
      </fieldset>
      <SettingsFormFooter failure={save.error?.message} pending={save.pending} saved={saved} onboarding={onboarding} />
    </form>
  );
}
