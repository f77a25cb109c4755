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
import { SidewaysScroll } from '../../../components/sideways-scroll/sideways-scroll';

// Spec 2 secret-keys (decision 0262): a property's API keys. A new key is shown once, here, and never
// again; the list shows names, prefixes and times; a key can be rotated (the old one keeps working
// for a day) or revoked (it stops at once).

/** What a new key is called, as the server checks it ("name the key"). */
const NewKeySchema = z.object({ name: SecretKeyNameSchema });

/** What the name field says when the contract refuses it, in the catalogue's sentences; a server's refusal as it wrote it. */
const keyNameWords = (t: (key: string, words?: Record<string, unknown>) => string) =>
  schemaFaultWords(t, { shape: NewKeySchema.shape, keys: {}, otherwise: 'secretKeys.errors.nameMissing' });

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
    mutationFn: (keyId: string) => call(secretKeyEndpoints.rotateSecretKey, { params: { id: merchantId, keyId }, body: { overlapHours: 24 } }),
    onSuccess: (made) => (setShown(made.key), refresh()),
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
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          <p>{t('secretKeys.shownOnce')}</p>
          <code data-testid="new-secret-key" className="mt-2 block break-all font-mono">
            {shown}
          </code>
          <Button variant="link" className="mt-2" onClick={() => setShown(null)}>
            {t('secretKeys.copied')}
          </Button>
        </div>
      ) : null}
      <SidewaysScroll>
        {/* Every cell padded on both sides, so "Name" and "Key", "Never" and "Active" never run together. */}
        <table className="min-w-full text-sm [&_td]:px-3 [&_td]:py-1.5 [&_th]:px-3 [&_th]:py-1.5 [&_tr>*:first-child]:pl-0" aria-label={t('secretKeys.list')}>
          <thead>
            <tr className="text-left text-slate-600">
              <th>{t('secretKeys.name')}</th>
              <th>{t('secretKeys.prefix')}</th>
              <th>{t('secretKeys.created')}</th>
              <th>{t('secretKeys.lastUsed')}</th>
              <th>{t('secretKeys.status')}</th>
              <th>
                <span className="sr-only">{t('secretKeys.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((key) => (
              <tr key={key.id} className="border-t border-slate-200">
                <td>{key.name}</td>
                <td className="font-mono">{key.prefix}…</td>
                <td>{formatDateTime(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('secretKeys.never')}</td>
                <td>{statusOf(key, t)}</td>
                <td>
                  <div className="flex gap-3 whitespace-nowrap">
                    {!key.revokedAt && !key.expiresAt ? (
                      <Button variant="link" pending={rotate.pending} onClick={() => rotate.act(key.id)}>
                        {t('secretKeys.rotate')}
                      </Button>
                    ) : null}
                    {!key.revokedAt ? (
                      <button type="button" className="text-red-700 underline" onClick={() => (revoke.reset(), setRevoking(key))}>
                        {t('secretKeys.revoke')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </SidewaysScroll>
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
