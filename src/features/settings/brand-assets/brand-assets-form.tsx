import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CHECKOUT_FONTS } from '../../../../contract/payment-links';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';
import { brandAssetsQuery } from './brand-assets-api';
import { BrandAssetUpload } from './brand-asset-upload';
import { LoadingStatus } from '../../../components/loading-status/loading-status';

const FIELDS: readonly FieldSpec[] = [
  { name: 'primaryColor', control: 'text' },
  { name: 'backgroundColor', control: 'text' },
  { name: 'textColor', control: 'text' },
  { name: 'font', control: 'select', options: CHECKOUT_FONTS, optionSet: 'fonts' },
];

/**
 * Brand assets (spec 2 brand-assets, decision 0300): the logo and the image, uploaded and checked
 * by the server, then the colours and font of the guest's pages as settings of the property.
 */
export function BrandAssetsForm(props: SettingsFormProps) {
  const { t } = useTranslation();
  const { scope } = props;
  if (scope.kind !== 'property') return <p role="status">{t('brandAssets.propertyOnly')}</p>;
  return (
    <div className="flex flex-col gap-6">
      <BrandAssetFiles merchantId={scope.merchantId} />
      <SettingsKindForm {...props} kind="brand-assets" fields={FIELDS} />
      {props.onboarding ? null : (
        <Link href={`/properties/admin/checkout-preview?merchantId=${scope.merchantId}`} className="self-start text-sm text-brand underline underline-offset-2">
          {t('brandAssets.seePreview')}
        </Link>
      )}
    </div>
  );
}

function BrandAssetFiles({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const assets = useQuery(brandAssetsQuery(merchantId));
  if (assets.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {assets.error.message}
      </p>
    );
  if (!assets.data) return <LoadingStatus message={t('settings.page.loading')} />;
  return (
    <div className="grid max-w-3xl gap-4 md:grid-cols-2">
      <BrandAssetUpload merchantId={merchantId} asset="logo" current={assets.data.logo} />
      <BrandAssetUpload merchantId={merchantId} asset="image" current={assets.data.image} />
    </div>
  );
}
