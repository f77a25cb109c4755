import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';

describe('the S3-compatible file store setting', () => {
  it('is off without a bucket: files stay in the data directory', () => {
    expect(configFromEnv({ NODE_ENV: 'test' }).s3).toBeUndefined();
  });

  it('reads bucket, endpoint, keys and prefix; a self-hosted endpoint gets path-style addresses', () => {
    const config = configFromEnv({
      NODE_ENV: 'test',
      FOLIO_S3_BUCKET: 'folio-files',
      FOLIO_S3_ENDPOINT: 'http://minio.internal:9000',
      FOLIO_S3_ACCESS_KEY_ID: 'key',
      FOLIO_S3_SECRET_ACCESS_KEY: 'secret',
      FOLIO_S3_PREFIX: 'production',
    });
    expect(config.s3).toEqual({
      bucket: 'folio-files',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      prefix: 'production/',
    });
    expect(configFromEnv({ NODE_ENV: 'test', FOLIO_S3_BUCKET: 'b', FOLIO_S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('refuses half a key pair', () => {
    expect(() => configFromEnv({ NODE_ENV: 'test', FOLIO_S3_BUCKET: 'b', FOLIO_S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
  });
});
