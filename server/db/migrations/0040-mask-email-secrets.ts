import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Copies of e-mails written before decision 0170 hold reset links with live tokens; the product's
// copy of an e-mail keeps no secret, so the token parameter of every stored link is masked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    UPDATE email_outbox
       SET text_body = regexp_replace(text_body, '([?&]token=)[^&[:space:]"''<>]+', '\\1[redacted]', 'gi'),
           html_body = regexp_replace(html_body, '([?&]token=)[^&[:space:]"''<>]+', '\\1[redacted]', 'gi')
     WHERE text_body ~* '[?&]token=' OR html_body ~* '[?&]token=';
  `,
  );
}
