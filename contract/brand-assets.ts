import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';

// A property's brand assets (spec 3: document types "brand asset logo" and "brand asset image", document
// group BrandAsset; "Brand logo rules: format, dimensions, file size. Image rules are the same").
// The spec names the three rules but not their values; decision 0300 sets them. The server reads the
// format from the bytes and the pixel size from the image header, never from the name or the type sent.

export const BRAND_ASSETS = ['logo', 'image'] as const;
export type BrandAssetKind = (typeof BRAND_ASSETS)[number];

export const BRAND_ASSET_FORMATS = ['image/png', 'image/jpeg'] as const;
export type BrandAssetFormat = (typeof BRAND_ASSET_FORMATS)[number];

export interface BrandAssetRule {
  formats: readonly BrandAssetFormat[];
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  maxBytes: number;
}

export const BRAND_ASSET_RULES: Record<BrandAssetKind, BrandAssetRule> = {
  /** Shown in the guest page's header, about 40 px high: small, wide rather than tall. */
  logo: { formats: BRAND_ASSET_FORMATS, minWidth: 100, minHeight: 40, maxWidth: 1200, maxHeight: 600, maxBytes: 500 * 1024 },
  /** A photograph of the property (a banner): large enough for a desktop page, small enough to load. */
  image: { formats: BRAND_ASSET_FORMATS, minWidth: 800, minHeight: 400, maxWidth: 4000, maxHeight: 3000, maxBytes: 2 * 1024 * 1024 },
};

/** Which of the three rules an upload broke; the problem's `errors.file` holds `brandAssets.rules.<rule>`. */
export const BRAND_ASSET_RULE_NAMES = ['format', 'dimensions', 'fileSize'] as const;
export type BrandAssetRuleName = (typeof BRAND_ASSET_RULE_NAMES)[number];
export const brandAssetRuleKey = (rule: BrandAssetRuleName) => `brandAssets.rules.${rule}`;

/** Where a stored asset is served from: public, because the guest's payment page shows it without a session. */
export const BRAND_ASSET_FILE_PATH = '/files/brand';
export const brandAssetUrl = (assetId: string) => `${BRAND_ASSET_FILE_PATH}/${assetId}`;

export const BrandAssetSchema = z.object({
  id: z.uuid(),
  asset: z.enum(BRAND_ASSETS),
  url: z.string(),
  contentType: z.enum(BRAND_ASSET_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  name: z.string(),
  uploadedAt: z.string(),
});
export type BrandAsset = z.infer<typeof BrandAssetSchema>;
export const BrandAssetsAnswerSchema = z.object({ logo: BrandAssetSchema.nullable(), image: BrandAssetSchema.nullable() });
export type BrandAssetsAnswer = z.infer<typeof BrandAssetsAnswerSchema>;

const Params = z.object({ id: z.uuid({ message: 'not a property id' }) });
const AssetParams = Params.extend({ asset: z.enum(BRAND_ASSETS, { message: 'the asset is logo or image' }) });

export const brandAssetEndpoints = endpointTable([
  defineEndpoint({
    id: 'listBrandAssets',
    method: 'GET',
    path: `${MERCHANT_API}/properties/{id}/brand-assets`,
    summary: "A property's logo and image: address, format, pixel size and file size of each (null when none)",
    access: { resource: 'Properties', action: 'Read' },
    params: Params,
    response: BrandAssetsAnswerSchema,
  }),
  defineEndpoint({
    id: 'uploadBrandAsset',
    method: 'POST',
    path: `${MERCHANT_API}/properties/{id}/brand-assets/{asset}`,
    summary:
      'Upload the logo or the image (multipart, file part "file"), replacing the current one. Checked by content: PNG or JPEG, pixel dimensions and file size within the rules; 400 naming the rule otherwise',
    access: { resource: 'Properties', action: 'Update' },
    params: AssetParams,
    bodyType: 'multipart',
    body: z.custom<FormData>(),
    response: BrandAssetSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'removeBrandAsset',
    method: 'DELETE',
    path: `${MERCHANT_API}/properties/{id}/brand-assets/{asset}`,
    summary: "Remove the property's logo or image; the guest page goes back to showing none",
    access: { resource: 'Properties', action: 'Update' },
    params: AssetParams,
    response: BrandAssetsAnswerSchema,
  }),
]);
