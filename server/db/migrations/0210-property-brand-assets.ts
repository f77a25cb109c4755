import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// A property's brand assets (issue 18, decision 0300): its current logo and image, each checked by
// content on upload. The file is in the file store under storage_key; a new upload replaces the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE property_brand_assets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
      asset text NOT NULL CHECK (asset IN ('logo','image')),
      storage_key text NOT NULL,
      content_type text NOT NULL CHECK (content_type IN ('image/png','image/jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      size_bytes integer NOT NULL CHECK (size_bytes > 0),
      sha256 text NOT NULL,
      name text NOT NULL,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, asset)
    );
  `,
  );
}
