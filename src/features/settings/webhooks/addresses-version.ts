import type { WebhookSettingsAnswer } from '../../../../contract/webhooks';
import { versionOf } from '../../../../contract/versions';

// Which answer the webhook address form was built from, and which version its save names (decisions 0354, 0680).

/** What the address form is built from: an answer with other addresses is someone else's save, one with only a new secret is not. */
export const addressesOf = (data: WebhookSettingsAnswer) => JSON.stringify([data.settings?.url, data.settings?.payLaterUrl, data.inherited?.url]);

/**
 * The version an address save names (decision 0354): the newest answer's when it holds the same addresses as the one the
 * form was built from (a rotated secret makes a new version and changes no address: the rotation on this page must not
 * refuse the next address save), else the held answer's, so a save over someone else's new addresses is refused.
 */
export function addressesVersion(held: WebhookSettingsAnswer, latest: WebhookSettingsAnswer | undefined): string {
  const basis = latest && addressesOf(latest) === addressesOf(held) ? latest : held;
  return versionOf(basis.settings?.updatedAt ?? null);
}
