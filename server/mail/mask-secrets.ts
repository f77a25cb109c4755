// E-mails carry secrets meant for their recipient alone: a password-reset link works like a password
// for its lifetime. The product keeps a copy of each e-mail (the sent e-mails view), and that copy
// has the secrets masked, so neither a provider admin nor anyone reading the database or a backup
// can follow the link (docs/decisions/0170-no-anonymous-mail-sent-emails-view.md).

export const MASK = '[redacted]';

/** Any `token=` query parameter, so a link the sender forgot to declare is masked too. */
const TOKEN_PARAMETER = /([?&]token=)[^&\s"'<>]+/gi;

/** The text with every declared secret and every `token=` link parameter replaced by the mask. */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  let masked = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    masked = masked.split(secret).join(MASK);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) masked = masked.split(encoded).join(MASK);
  }
  return masked.replace(TOKEN_PARAMETER, `$1${MASK}`);
}
