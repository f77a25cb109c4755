import { queryOptions } from '@tanstack/react-query';
import { brandAssetEndpoints, type BrandAssetKind } from '../../../../contract/brand-assets';
import { call } from '../../../lib/api-client';

// The brand-assets page's calls for the logo and the image (decision 0300).

export const brandAssetsKey = (merchantId: string) => ['brand-assets', merchantId] as const;

export const brandAssetsQuery = (merchantId: string) =>
  queryOptions({
    queryKey: brandAssetsKey(merchantId),
    queryFn: ({ signal }) => call(brandAssetEndpoints.listBrandAssets, { params: { id: merchantId }, signal }),
    meta: { errorToast: false },
  });

export function uploadBrandAsset(merchantId: string, asset: BrandAssetKind, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(brandAssetEndpoints.uploadBrandAsset, { params: { id: merchantId, asset }, body: form });
}

export function removeBrandAsset(merchantId: string, asset: BrandAssetKind) {
  return call(brandAssetEndpoints.removeBrandAsset, { params: { id: merchantId, asset } });
}
