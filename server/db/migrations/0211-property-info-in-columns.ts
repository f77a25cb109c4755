import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Property information stored once (decision 0302): a property's city, post code and type saved on its
// property-info settings page move into the property's own columns, and leave the settings row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    UPDATE merchants m SET
      city = coalesce(nullif(s.data->>'city', ''), m.city),
      post_code = coalesce(nullif(s.data->>'postCode', ''), m.post_code),
      property_type = coalesce(nullif(s.data->>'propertyType', ''), m.property_type),
      updated_at = now()
    FROM merchant_settings s
    WHERE s.merchant_id = m.id AND s.kind = 'property-info'
      AND (s.data ? 'city' OR s.data ? 'postCode' OR s.data ? 'propertyType');
    UPDATE merchant_settings SET data = data - 'city' - 'postCode' - 'propertyType'
    WHERE kind = 'property-info' AND merchant_id IS NOT NULL;
  `,
  );
}
