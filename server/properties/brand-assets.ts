import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  BRAND_ASSET_RULES,
  brandAssetRuleKey,
  brandAssetUrl,
  type BrandAsset,
  type BrandAssetFormat,
  type BrandAssetKind,
  type BrandAssetRuleName,
  type BrandAssetsAnswer,
} from '../../contract/brand-assets';
import type { AppContext } from '../app-context';
import { audit } from '../audit';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import type { PropertyBrandAssetsTable } from '../db/schema';
import { HttpProblem, problems } from '../http/problem';
import { cleanName } from '../files/upload-name';
import { toIso } from '../lists/list-query';
import { pixelSizeOf } from './image-header';
import { PROPERTY_ENTITY } from './property-overview';
import { propertyRecord } from './property-query';

// A property's logo and image (decision 0300): the bytes decide. The format is sniffed from the
// content, the pixel size read from the image header, the size counted; the first rule broken is a
// 400 naming it, and nothing is stored unless all three hold.

type Row = Omit<PropertyBrandAssetsTable, 'id' | 'uploaded_at'> & { id: string; uploaded_at: Date };

const KB = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const FORMAT_NAMES: Record<BrandAssetFormat, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG' };

/** The rule broken is named by its catalogue key in `errors.file`; the detail gives only the facts, so a screen showing both says it once (issue 34). */
function ruleBroken(rule: BrandAssetRuleName, facts: string): HttpProblem {
  return problems.validation({ file: [brandAssetRuleKey(rule)] }, facts);
}

/** The three rules of spec 3 in a fixed order (size first: a huge file is not read further). */
export async function checkBrandAsset(asset: BrandAssetKind, content: Buffer): Promise<{ contentType: BrandAssetFormat; width: number; height: number }> {
  const rule = BRAND_ASSET_RULES[asset];
  const formats = rule.formats.map((format) => FORMAT_NAMES[format]).join(' or ');
  if (content.length > rule.maxBytes)
    throw ruleBroken('fileSize', `this file has ${KB(content.length)}; a ${asset} may have at most ${KB(rule.maxBytes)}`).withCode('brandAsset.fileTooLarge', {
      maxKb: Math.round(rule.maxBytes / 1024),
    });
  const detected = await fileTypeFromBuffer(content);
  const contentType = rule.formats.find((format) => format === detected?.mime);
  if (!contentType)
    throw ruleBroken('format', `this file's content is ${detected?.mime ?? 'not a recognised image'}; a ${asset} is ${formats}`).withCode(
      'brandAsset.wrongFormat',
    );
  const size = pixelSizeOf(content, contentType);
  if (!size) throw ruleBroken('format', `the ${FORMAT_NAMES[contentType]} header of this file cannot be read`).withCode('brandAsset.unreadable');
  const { width, height } = size;
  if (width < rule.minWidth || height < rule.minHeight || width > rule.maxWidth || height > rule.maxHeight)
    throw ruleBroken(
      'dimensions',
      `this image is ${width} × ${height} pixels; a ${asset} is from ${rule.minWidth} × ${rule.minHeight} to ${rule.maxWidth} × ${rule.maxHeight}`,
    ).withCode('brandAsset.wrongDimensions', {
      width,
      height,
      minWidth: rule.minWidth,
      minHeight: rule.minHeight,
      maxWidth: rule.maxWidth,
      maxHeight: rule.maxHeight,
    });
  return { contentType, width, height };
}

/** The file part of a multipart upload, cut off one byte past the asset's limit (so over the limit is told apart). */
export async function readAssetUpload(request: FastifyRequest, asset: BrandAssetKind): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart()) throw problems.unsupportedMedia('send the file as multipart/form-data with a file part named "file"');
  const maxBytes = BRAND_ASSET_RULES[asset].maxBytes;
  let file: { name: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 0, parts: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw problems.badRequest(`the file part must be named "file", not "${part.fieldname.slice(0, 50)}"`);
      const content = await part.toBuffer();
      file = { name: part.filename, content };
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    const code = (error as { code?: string }).code;
    // The plugin stops reading at the limit: the file is over it, which is the file size rule.
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw ruleBroken('fileSize', `this file has more than ${KB(maxBytes)}; a ${asset} may have at most ${KB(maxBytes)}`).withCode('brandAsset.fileTooLarge', {
        maxKb: Math.round(maxBytes / 1024),
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw problems.badRequest('send exactly one part: the file, named "file"');
    throw problems.badRequest(`the upload could not be read: ${(error as Error).message}`);
  }
  // The screen always sends the chosen file: what reaches here without bytes is an empty file.
  if (!file || file.content.length === 0)
    throw problems.validation({ file: ['brandAssets.rules.fileRequired'] }, 'choose a file to upload').withCode('brandAsset.fileEmpty');
  return file;
}

function toAsset(row: Row): BrandAsset {
  return {
    id: row.id,
    asset: row.asset,
    url: brandAssetUrl(row.id),
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    sizeBytes: row.size_bytes,
    name: row.name,
    uploadedAt: toIso(row.uploaded_at),
  };
}

async function assertProperty(db: Db, caller: Caller, merchantId: string): Promise<void> {
  if (!(await propertyRecord(db, merchantId, caller.merchantScope))) throw problems.notFound(`property ${merchantId} not found`);
}

export async function listBrandAssets(db: Db, caller: Caller, merchantId: string): Promise<BrandAssetsAnswer> {
  await assertProperty(db, caller, merchantId);
  const rows = (await db.selectFrom('property_brand_assets').selectAll().where('merchant_id', '=', merchantId).execute()) as Row[];
  const of = (asset: BrandAssetKind) => rows.find((row) => row.asset === asset);
  const logo = of('logo');
  const image = of('image');
  return { logo: logo ? toAsset(logo) : null, image: image ? toAsset(image) : null };
}

/** Checks, stores and records the asset, replacing the property's current one; the old file goes once the new row is committed. */
export async function storeBrandAsset(
  ctx: AppContext,
  caller: Caller,
  merchantId: string,
  asset: BrandAssetKind,
  file: { name: string; content: Buffer },
): Promise<BrandAsset> {
  await assertProperty(ctx.db, caller, merchantId);
  const checked = await checkBrandAsset(asset, file.content);
  const id = randomUUID();
  const storageKey = `brand/${merchantId}/${id}`;
  await ctx.files.write(storageKey, file.content);
  let replacedKey: string | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('property_brand_assets')
        .select(['id', 'storage_key'])
        .where('merchant_id', '=', merchantId)
        .where('asset', '=', asset)
        .forUpdate()
        .executeTakeFirst();
      if (previous) await trx.deleteFrom('property_brand_assets').where('id', '=', previous.id).execute();
      replacedKey = previous?.storage_key;
      await trx
        .insertInto('property_brand_assets')
        .values({
          id,
          merchant_id: merchantId,
          asset,
          storage_key: storageKey,
          content_type: checked.contentType,
          width: checked.width,
          height: checked.height,
          size_bytes: file.content.length,
          sha256: createHash('sha256').update(file.content).digest('hex'),
          name: cleanName(file.name || asset),
          uploaded_by: caller.userId,
        })
        .execute();
      await audit(trx, caller.userId, `property.brandAsset.upload`, PROPERTY_ENTITY, merchantId, {
        asset,
        width: checked.width,
        height: checked.height,
        sizeBytes: file.content.length,
      });
    });
  } catch (error) {
    await ctx.files.remove(storageKey);
    throw error;
  }
  if (replacedKey) await ctx.files.remove(replacedKey);
  const row = (await ctx.db.selectFrom('property_brand_assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  return toAsset(row);
}

/** Forgets the asset; its file goes once the request's transaction has committed (`afterCommit`). */
export async function removeBrandAsset(
  ctx: AppContext,
  caller: Caller,
  merchantId: string,
  asset: BrandAssetKind,
  afterCommit: (effect: () => unknown) => void,
): Promise<BrandAssetsAnswer> {
  await assertProperty(ctx.db, caller, merchantId);
  const removed = await ctx.db
    .deleteFrom('property_brand_assets')
    .where('merchant_id', '=', merchantId)
    .where('asset', '=', asset)
    .returning('storage_key')
    .executeTakeFirst();
  if (removed) {
    await audit(ctx.db, caller.userId, 'property.brandAsset.remove', PROPERTY_ENTITY, merchantId, { asset });
    afterCommit(() => ctx.files.remove(removed.storage_key));
  }
  return listBrandAssets(ctx.db, caller, merchantId);
}

/** The stored logo's address for the guest page, or undefined when the property has none. */
export async function logoUrlOf(db: Db, merchantId: string): Promise<string | undefined> {
  const row = await db.selectFrom('property_brand_assets').select('id').where('merchant_id', '=', merchantId).where('asset', '=', 'logo').executeTakeFirst();
  return row ? brandAssetUrl(row.id) : undefined;
}
