import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_ASSET_RULES, brandAssetEndpoints, type BrandAsset, type BrandAssetKind } from '../../../../contract/brand-assets';
import { useCapabilities } from '../../../lib/capabilities';
import { asSentence } from '../../../lib/sentence-case';
import { useActionMutation } from '../../../lib/use-action-mutation';
import { MutationButton } from '../../../components/mutation-button';
import { brandAssetRefusalOf, type BrandAssetRefusal } from './brand-asset-refusal';
import { brandAssetsKey, removeBrandAsset, uploadBrandAsset } from './brand-assets-api';

// One brand asset (logo or image): its rules, the current file with a preview, and an upload that
// the server checks by content; a refusal is said as brandAssetRefusalOf reads it.

export function BrandAssetUpload({ merchantId, asset, current }: { merchantId: string; asset: BrandAssetKind; current: BrandAsset | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [refusal, setRefusal] = useState<BrandAssetRefusal | null>(null);
  const rule = BRAND_ASSET_RULES[asset];
  // A view-only role sees the files; uploading and removing are offered to whom the server lets do them.
  const capabilities = useCapabilities(merchantId);
  const mayUpload = capabilities.may(brandAssetEndpoints.uploadBrandAsset);
  const mayRemove = capabilities.may(brandAssetEndpoints.removeBrandAsset);
  const refresh = () => queryClient.invalidateQueries({ queryKey: brandAssetsKey(merchantId) });
  const upload = useActionMutation({
    mutationFn: (file: File) => uploadBrandAsset(merchantId, asset, file),
    meta: { errorToast: false },
    onSuccess: () => {
      setRefusal(null);
      void refresh();
    },
    onError: (error) => setRefusal(brandAssetRefusalOf(error)),
  });
  const remove = useActionMutation({ mutationFn: () => removeBrandAsset(merchantId, asset), onSuccess: () => void refresh() });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.act(file);
  };
  return (
    <section className="flex flex-col gap-2 rounded border border-slate-200 p-4" data-testid={`brand-asset-${asset}`} aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="font-semibold">
        {t(`brandAssets.${asset}.title`)}
      </h3>
      <p className="text-sm text-slate-600" data-testid={`brand-asset-${asset}-rules`}>
        {t('brandAssets.rulesText', {
          minWidth: rule.minWidth,
          minHeight: rule.minHeight,
          maxWidth: rule.maxWidth,
          maxHeight: rule.maxHeight,
          maxKb: Math.round(rule.maxBytes / 1024),
        })}
      </p>
      {current ? (
        <figure className="flex items-center gap-4">
          <img
            src={current.url}
            alt={t(`brandAssets.${asset}.preview`)}
            className={asset === 'logo' ? 'h-12 w-auto border border-slate-200 bg-white p-1' : 'h-32 w-auto border border-slate-200'}
          />
          <figcaption className="text-sm text-slate-700">
            {t('brandAssets.current', {
              name: current.name,
              width: current.width,
              height: current.height,
              kb: Math.max(1, Math.round(current.sizeBytes / 1024)),
            })}
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm text-slate-600">{t(`brandAssets.${asset}.none`)}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {mayUpload ? (
          <>
            <label htmlFor={inputId} className="text-sm font-medium">
              {t(`brandAssets.${asset}.choose`)}
            </label>
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg"
              onChange={choose}
              disabled={upload.pending}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${inputId}-error` : undefined}
              className="text-sm"
            />
          </>
        ) : null}
        {upload.pending ? <span className="text-sm text-slate-600">{t('brandAssets.uploading')}</span> : null}
        {current && mayRemove ? (
          <MutationButton pending={remove.pending} onClick={() => remove.act()} className="text-sm text-red-800 underline underline-offset-2">
            {t(`brandAssets.${asset}.remove`)}
          </MutationButton>
        ) : null}
      </div>
      {refusal ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-800">
          {/* Said once (issue 34): the rule broken in the catalogue's words, then the facts about this file. */}
          {refusal.rule ? `${t(refusal.rule)} ` : ''}
          <span className="text-slate-700">{asSentence(refusal.detail)}</span>
        </p>
      ) : null}
    </section>
  );
}
