import type { WebhookSettingsAnswer } from '../../../../contract/webhooks';
import { shownVersionOf } from '../../../../contract/versions';

// Which answer the webhook address form was built from, and which version its save names (decisions 0354, 0680, 0683).

/**
 * The version of the addresses a page shows: the scope's own, else its group's (a property without addresses of its
 * own), else "never saved". An address save names it, so a save over someone else's addresses, or over a change to
 * the group's the page showed, is refused. A rotated secret, this page's or anyone's, leaves it as it is: the server
 * keeps the addresses' version apart from the row's, so a rotation refuses no address save and does not count as
 * someone else's change to the form.
 */
export const addressesVersion = (answer: WebhookSettingsAnswer): string =>
  shownVersionOf(answer.settings?.addressesUpdatedAt, answer.inherited?.addressesUpdatedAt);
