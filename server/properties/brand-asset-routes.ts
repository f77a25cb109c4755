import type { FastifyInstance } from 'fastify';
import { BRAND_ASSET_FILE_PATH, brandAssetEndpoints } from '../../contract/brand-assets';
import { problems, sendProblem } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { listBrandAssets, readAssetUpload, removeBrandAsset, storeBrandAsset } from './brand-assets';

// Brand assets (decision 0300): the property's logo and image, uploaded by its staff and served to
// anyone, because the guest's payment page shows them without a session.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerBrandAssetRoutes(app: FastifyInstance): void {
  registerEndpoint(app, brandAssetEndpoints.listBrandAssets, async ({ params, caller, ctx }) => listBrandAssets(ctx.db, caller!, params.id));
  // The body is multipart, read from its parts; the contract's body is there for OpenAPI and the client.
  registerEndpoint(app, { ...brandAssetEndpoints.uploadBrandAsset, body: undefined }, async ({ params, caller, ctx, request }) => {
    const file = await readAssetUpload(request, params.asset);
    return storeBrandAsset(ctx, caller!, params.id, params.asset, file);
  });
  registerEndpoint(app, brandAssetEndpoints.removeBrandAsset, async ({ params, caller, ctx, afterCommit }) =>
    removeBrandAsset(ctx, caller!, params.id, params.asset, afterCommit),
  );

  app.get<{ Params: { assetId: string } }>(`${BRAND_ASSET_FILE_PATH}/:assetId`, async (request, reply) => {
    const { assetId } = request.params;
    const notFound = () => sendProblem(reply, problems.notFound('no such brand asset').problem);
    if (!UUID.test(assetId)) return notFound();
    const row = await app.ctx.db
      .selectFrom('property_brand_assets')
      .select(['storage_key', 'content_type', 'size_bytes'])
      .where('id', '=', assetId)
      .executeTakeFirst();
    if (!row || (await app.ctx.files.size(row.storage_key)) === undefined) return notFound();
    // An asset id names one upload forever (a new upload gets a new id), so it may be cached for long.
    reply
      .header('content-type', row.content_type)
      .header('content-length', row.size_bytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'");
    return reply.send(app.ctx.files.read(row.storage_key));
  });
}
