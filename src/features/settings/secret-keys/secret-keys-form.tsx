import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { secretKeyEndpoints, SecretKeyNameSchema, type SecretKey } from '../../../../contract/secret-keys';
import { call } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Button } from '../../../components/form/button';
import { Field, inputClass } from '../../../components/form/field';
import { fieldErrorsOf } from '../../../components/form/problem-errors';
import { schemaFaultWords } from '../../../components/form/schema-fault-words';
import { useForm } from '../../../components/form/use-form';
import type { SettingsFormProps } from '../settings-form-props';
import { ShownOnceSecret } from '../../../components/shown-once/shown-once-secret';

// Spec 2 secret-keys (decision 0262): a property's API keys. A new key is shown once, here, and never
// again; the list shows names, prefixes and times; a key can be rotated (the old one keeps working
// for a day) or revoked (it stops at once), each after a confirmation.

/** What a new key is called, as the server checks it ("name the key"). */
const NewKeySchema = z.object({ name: SecretKeyNameSchema });

/** What the name field says when the contract refuses it, in the catalogue's sentences; a server's refusal as it wrote it. */
const keyNameWords = (t: (key: string, words?: Record<string, unknown>) => string) =>
  schemaFaultWords(t, { shape: NewKeySchema.shape, keys: {}, otherwise: 'secretKeys.errors.nameMissing' });

/** How long a rotated key keeps working beside its successor: a day to put the new key in the property's systems. */
const ROTATION_OVERLAP_HOURS = 24;

const keysKey = (merchantId: string) => ['secret-keys', merchantId] as const;

function statusOf(key: SecretKey, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (key.revokedAt) return t('secretKeys.revoked', { at: formatDateTime(key.revokedAt) });
  if (key.expiresAt) return t('secretKeys.expires', { at: formatDateTime(key.expiresAt) });
  return t('secretKeys.active');
}

export function SecretKeysForm({ scope }: SettingsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const merchantId = scope.kind === 'property' ? scope.merchantId : '';
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<SecretKey | null>(null);
  const [rotating, setRotating] = useState<SecretKey | null>(null);
  const keys = useQuery({
    queryKey: keysKey(merchantId),
    queryFn: () => call(secretKeyEndpoints.listSecretKeys, { params: { id: merchantId } }),
    enabled: Boolean(merchantId),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keysKey(merchantId) });
  const create = useActionMutation({
    mutationFn: (keyName: string) => call(secretKeyEndpoints.createSecretKey, { params: { id: merchantId }, body: { name: keyName } }),
    onSuccess: (made): void => {
      setShown(made.key);
      form.reset();
      refresh();
    },
  });
  const rotate = useActionMutation({
    mutationFn: (keyId: string) =>
      call(secretKeyEndpoints.rotateSecretKey, { params: { id: merchantId, keyId }, body: { overlapHours: ROTATION_OVERLAP_HOURS } }),
    onSuccess: (made) => (setRotating(null), setShown(made.key), refresh()),
  });
  const revoke = useActionMutation({
    mutationFn: (keyId: string) => call(secretKeyEndpoints.revokeSecretKey, { params: { id: merchantId, keyId } }),
    onSuccess: () => (setRevoking(null), refresh()),
  });
  const form = useForm({ schema: NewKeySchema, defaultValues: { name: '' }, serverError: create.error, words: keyNameWords(t) });
  if (!merchantId) return <p className="text-sm text-slate-600">{t('secretKeys.propertyOnly')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <FormProvider {...form}>
        <form noValidate className="flex flex-wrap items-end gap-2" aria-label={t('secretKeys.newKey')} onSubmit={form.submit(({ name }) => create.send(name))}>
          <Field label={t('secretKeys.name')} name="name">
            {(control) => <input {...control} className={inputClass} {...form.register('name')} />}
          </Field>
          <Button type="submit" size="sm" pending={create.pending}>
            {t('secretKeys.generate')}
          </Button>
          {create.error && Object.keys(fieldErrorsOf(create.error)).length === 0 ? (
            <p role="alert" className="basis-full text-sm text-red-700">
              {create.error.message}
            </p>
          ) : null}
        </form>
      </FormProvider>
      {shown ? (
        <ShownOnceSecret
          secret={shown}
          intro={t('secretKeys.shownOnce')}
          dismissLabel={t('secretKeys.copied')}
          onDismiss={() => setShown(null)}
          testId="secret-key-once"
          valueTestId="new-secret-key"
        />
      ) : null}
      {/* One key to a line, its times under its name and its actions beside it (under it on a phone): nothing to
          scroll sideways to reach Revoke when a key has leaked. */}
      <ul aria-label={t('secretKeys.list')} className="flex max-w-3xl flex-col divide-y divide-slate-200 rounded border border-slate-200">
        {(keys.data ?? []).map((key) => (
          <li key={key.id} aria-label={key.name} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">
                {key.name} <span className="font-mono text-sm font-normal text-slate-700">{key.prefix}…</span>
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
                <dt className="text-slate-600">{t('secretKeys.status')}</dt>
                <dd>{statusOf(key, t)}</dd>
                <dt className="text-slate-600">{t('secretKeys.created')}</dt>
                <dd>{formatDateTime(key.createdAt)}</dd>
                <dt className="text-slate-600">{t('secretKeys.lastUsed')}</dt>
                <dd>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('secretKeys.never')}</dd>
              </dl>
            </div>
            <div className="flex shrink-0 gap-4">
              {!key.revokedAt && !key.expiresAt ? (
                <Button variant="link" onClick={() => (rotate.reset(), setRotating(key))}>
                  {t('secretKeys.rotate')}
                </Button>
              ) : null}
              {!key.revokedAt ? (
                <button type="button" className="text-red-700 underline" onClick={() => (revoke.reset(), setRevoking(key))}>
                  {t('secretKeys.revoke')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {keys.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {keys.error.message}
        </p>
      ) : keys.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t('secretKeys.loading')}
        </p>
      ) : keys.data.length === 0 ? (
        <p data-testid="no-secret-keys" className="text-sm text-slate-600">
          {t('secretKeys.none')}
        </p>
      ) : null}
      <ConfirmDialog
        open={rotating !== null}
        title={t('secretKeys.rotateTitle', { name: rotating?.name ?? '' })}
        confirmLabel={t('secretKeys.rotate')}
        pending={rotate.pending}
        error={rotate.error?.message ?? null}
        onCancel={() => setRotating(null)}
        onConfirm={() => rotating && rotate.act(rotating.id)}
      >
        {t('secretKeys.rotateBody', { hours: ROTATION_OVERLAP_HOURS })}
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('secretKeys.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('secretKeys.revoke')}
        tone="danger"
        pending={revoke.pending}
        error={revoke.error?.message ?? null}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.act(revoking.id)}
      >
        {t('secretKeys.revokeBody')}
      </ConfirmDialog>
    </div>
  );
}
