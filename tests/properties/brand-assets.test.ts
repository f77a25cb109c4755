import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BRAND_ASSET_RULES, type BrandAsset, type BrandAssetsAnswer } from '../../contract/brand-assets';
import { BACKOFFICE_API, MERCHANT_API, MERCHANT_HEADER } from '../../contract/product';
import { GIF_IMAGE, jpegImage, pngImage } from '../../testing/images/test-images';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Brand assets checked by content (decision 0300): real PNG and JPEG bytes of allowed and refused
// pixel sizes and file sizes, a real GIF, and text named like an image; stored through the file store,
// served publicly, and shown on the guest's payment page with the property's colours and font.

let app: FastifyInstance;
let merchantAdmin: string;
let otherGroupsProperty: string;
let viewOnly: string;
let propertyId: string;

function multipart(file: { name: string; content: Buffer; type: string }) {
  const boundary = '----folio-brand-asset';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const url = (id: string, asset?: string) => `${MERCHANT_API}/properties/${id}/brand-assets${asset ? `/${asset}` : ''}`;
function upload(token: string, asset: string, file: { name: string; content: Buffer; type?: string }, id = propertyId) {
  const body = multipart({ type: 'image/png', ...file });
  return app.inject({ method: 'POST', url: url(id, asset), headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}
const list = (token: string) => app.inject({ method: 'GET', url: url(propertyId), headers: bearer(token) });
const setup = (token: string) =>
  app.inject({ method: 'GET', url: `${BACKOFFICE_API}/payment-links/setup`, headers: { ...bearer(token), [MERCHANT_HEADER]: propertyId } });

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  const active = await app.ctx.db
    .selectFrom('merchants')
    .innerJoin('users', 'users.merchant_group_id', 'merchants.merchant_group_id')
    .select('merchants.id')
    .where('users.email', '=', 'merchantadmin@demo.folio.test')
    .where('merchants.status', '=', 'Active')
    .orderBy('merchants.position')
    .executeTakeFirstOrThrow();
  propertyId = active.id;
  const other = await app.ctx.db
    .selectFrom('merchants')
    .innerJoin('users', 'users.merchant_group_id', 'merchants.merchant_group_id')
    .select('merchants.id')
    .where('users.email', '=', 'applicant@demo.folio.test')
    .executeTakeFirstOrThrow();
  otherGroupsProperty = other.id;
});
afterAll(async () => app.close());

function refusal(answer: { statusCode: number; json: () => unknown }) {
  const body = answer.json() as { status: number; detail: string; errors: { file: string[] }; code?: string; params?: Record<string, unknown> };
  return { status: answer.statusCode, rule: body.errors?.file?.[0], detail: body.detail, code: body.code, params: body.params };
}

describe('the logo', () => {
  test('a PNG within the rules is stored, listed, served to anyone byte for byte, and shown on the guest page', async () => {
    const logo = pngImage(300, 100);
    const answer = await upload(merchantAdmin, 'logo', { name: 'logo.png', content: logo });
    expect(answer.statusCode).toBe(201);
    const stored = answer.json<BrandAsset>();
    expect(stored).toMatchObject({ asset: 'logo', contentType: 'image/png', width: 300, height: 100, sizeBytes: logo.length, name: 'logo.png' });
    expect((await list(merchantAdmin)).json<BrandAssetsAnswer>().logo?.id).toBe(stored.id);
    const file = await app.inject({ method: 'GET', url: stored.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(logo)).toBe(true);
    expect((await setup(merchantAdmin)).json<{ branding: { logoUrl: string } }>().branding.logoUrl).toBe(stored.url);
  });

  test('a JPEG within the rules replaces the PNG, whose file is gone', async () => {
    const before = (await list(merchantAdmin)).json<BrandAssetsAnswer>().logo!;
    const answer = await upload(merchantAdmin, 'logo', { name: 'logo.jpg', content: jpegImage(240, 80), type: 'image/jpeg' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<BrandAsset>()).toMatchObject({ contentType: 'image/jpeg', width: 240, height: 80 });
    expect((await app.inject({ method: 'GET', url: before.url })).statusCode).toBe(404);
  });

  test('a GIF, or text named logo.png, breaks the format rule (400, nothing stored)', async () => {
    const before = (await list(merchantAdmin)).json<BrandAssetsAnswer>().logo!.id;
    const gif = refusal(await upload(merchantAdmin, 'logo', { name: 'logo.gif', content: GIF_IMAGE, type: 'image/gif' }));
    expect(gif).toMatchObject({ status: 400, rule: 'brandAssets.rules.format', code: 'brandAsset.wrongFormat' });
    expect(gif.detail).toContain('image/gif');
    const text = refusal(await upload(merchantAdmin, 'logo', { name: 'logo.png', content: Buffer.from('not an image at all, only words'.repeat(20)) }));
    expect(text).toMatchObject({ status: 400, rule: 'brandAssets.rules.format', code: 'brandAsset.wrongFormat' });
    // A PNG signature with its header cut off is not an image either.
    const cut = refusal(await upload(merchantAdmin, 'logo', { name: 'logo.png', content: pngImage(300, 100).subarray(0, 20) }));
    expect(cut).toMatchObject({ status: 400, rule: 'brandAssets.rules.format', code: 'brandAsset.unreadable' });
    expect((await list(merchantAdmin)).json<BrandAssetsAnswer>().logo!.id).toBe(before);
  });

  test('pixel dimensions outside the rules are refused, read from the header of PNG and JPEG alike', async () => {
    const { minWidth, maxWidth } = BRAND_ASSET_RULES.logo;
    const small = refusal(await upload(merchantAdmin, 'logo', { name: 'small.png', content: pngImage(minWidth - 1, 60) }));
    expect(small).toMatchObject({ status: 400, rule: 'brandAssets.rules.dimensions', code: 'brandAsset.wrongDimensions' });
    expect(small.detail).toContain(`${minWidth - 1} × 60`);
    expect(small.params).toEqual({ width: minWidth - 1, height: 60, minWidth, minHeight: 40, maxWidth, maxHeight: 600 });
    const wide = refusal(await upload(merchantAdmin, 'logo', { name: 'wide.jpg', content: jpegImage(maxWidth + 1, 100), type: 'image/jpeg' }));
    expect(wide).toMatchObject({ status: 400, rule: 'brandAssets.rules.dimensions' });
    expect(wide.detail).toContain(`${maxWidth + 1} × 100`);
  });

  test('a file over the size limit is refused by the file size rule, though its pixel size is allowed', async () => {
    const big = pngImage(1000, 500, { noise: true });
    expect(big.length).toBeGreaterThan(BRAND_ASSET_RULES.logo.maxBytes);
    expect(refusal(await upload(merchantAdmin, 'logo', { name: 'big.png', content: big }))).toMatchObject({
      status: 400,
      rule: 'brandAssets.rules.fileSize',
      code: 'brandAsset.fileTooLarge',
      params: { maxKb: 500 },
    });
  });

  test('an empty file is refused as no file', async () => {
    expect(refusal(await upload(merchantAdmin, 'logo', { name: 'empty.png', content: Buffer.alloc(0) }))).toMatchObject({
      status: 400,
      rule: 'brandAssets.rules.fileRequired',
      code: 'brandAsset.fileEmpty',
    });
  });
});

describe('the image', () => {
  test('has its own pixel rules: a banner-sized JPEG passes, a logo-sized PNG does not', async () => {
    const answer = await upload(merchantAdmin, 'image', { name: 'hotel.jpg', content: jpegImage(1200, 600), type: 'image/jpeg' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json<BrandAsset>()).toMatchObject({ asset: 'image', width: 1200, height: 600 });
    expect(refusal(await upload(merchantAdmin, 'image', { name: 'tiny.png', content: pngImage(300, 100) }))).toMatchObject({
      status: 400,
      rule: 'brandAssets.rules.dimensions',
    });
  });

  test('removing it forgets it and its file', async () => {
    const image = (await list(merchantAdmin)).json<BrandAssetsAnswer>().image!;
    const answer = await app.inject({ method: 'DELETE', url: url(propertyId, 'image'), headers: bearer(merchantAdmin) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<BrandAssetsAnswer>().image).toBeNull();
    expect((await app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });
});

describe('who may', () => {
  test('a merchant admin finds no such property in another group; a view-only user may look but not upload', async () => {
    expect((await upload(merchantAdmin, 'logo', { name: 'logo.png', content: pngImage(300, 100) }, otherGroupsProperty)).statusCode).toBe(404);
    expect((await list(viewOnly)).statusCode).toBe(200);
    expect((await upload(viewOnly, 'logo', { name: 'logo.png', content: pngImage(300, 100) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/files/brand/not-an-id' })).statusCode).toBe(404);
  });
});

describe('colours and font', () => {
  const save = (body: Record<string, string>) =>
    app.inject({ method: 'PUT', url: `${MERCHANT_API}/property-settings/${propertyId}/brand-assets`, headers: bearer(merchantAdmin), payload: body });

  test('are settings of the kind brand-assets, refused field by field, and dress the guest page', async () => {
    const bad = await save({ primaryColor: 'red', backgroundColor: '#ffffff', textColor: '#111111', font: 'Comic Sans MS' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['font', 'primaryColor']);
    const good = await save({ primaryColor: '#AA3300', backgroundColor: '#FFF8E7', textColor: '#222222', font: 'Georgia' });
    expect(good.statusCode).toBe(200);
    const branding = (await setup(merchantAdmin)).json<{ branding: Record<string, unknown> }>().branding;
    expect(branding).toMatchObject({ primaryColor: '#AA3300', backgroundColor: '#FFF8E7', textColor: '#222222', font: 'Georgia' });
  });
});
