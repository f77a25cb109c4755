// The messages a KYC request can fail with (decision 0141): every rule of the KYC contract names
// its message by an i18n key, the server sends the key, and the SPA shows t(key). The English
// words live only in the SPA's catalogue (src/i18n/en/kyc.json); a test checks every key here has them.

export const KYC_MESSAGE_KEYS = [
  'kyc.validation.required',
  'kyc.validation.invalid',
  'kyc.validation.tooLong',
  'kyc.validation.tooShort',
  'kyc.validation.email',
  'kyc.validation.postal',
  'kyc.validation.country',
  'kyc.validation.phone',
  'kyc.validation.url',
  'kyc.validation.iban',
  'kyc.validation.bic',
  'kyc.validation.currency',
  'kyc.validation.dayOfBirth',
  'kyc.validation.monthOfBirth',
  'kyc.validation.yearOfBirth',
  'kyc.validation.dateOfBirth',
  'kyc.validation.dateOfBirthFuture',
  'kyc.validation.adult',
  'kyc.validation.shareRange',
  'kyc.validation.uboShare',
  'kyc.validation.sharesOver100',
  'kyc.validation.uboAtLeastOne',
  'kyc.validation.tooMany',
  'kyc.validation.accountAtLeastOne',
  'kyc.validation.chooseOne',
  'kyc.validation.chooseAtLeastOne',
  'kyc.validation.option',
  'kyc.validation.explanationRequired',
  'kyc.validation.acknowledge',
  'kyc.validation.confirm',
  'kyc.validation.documentRequired',
  'kyc.validation.documentMissing',
  'kyc.validation.documentWrongType',
  'kyc.validation.amount',
  'kyc.validation.wholeAmount',
  'kyc.validation.amountTooLarge',
  'kyc.validation.currencyDecimals',
  'kyc.validation.maxBelowAverage',
  'kyc.validation.processorName',
  'kyc.validation.id',
  'kyc.validation.documentType',
  'kyc.validation.documentGroup',
  'kyc.validation.documentHeader',
  'kyc.validation.stepData',
  'kyc.validation.reasonRequired',
  'kyc.validation.flagTarget',
  'kyc.validation.flagAtLeastOne',
  'kyc.validation.action',
  'kyc.validation.page',
  'kyc.validation.pageSize',
  'kyc.validation.stepIncomplete',
  'kyc.validation.notFlagged',
  'kyc.validation.flaggedDocumentNotReplaced',
  'kyc.validation.flaggedFieldUnchanged',
  'kyc.validation.fileRequired',
  'kyc.validation.sameDocumentType',
  'kyc.validation.unsafeText',
  'kyc.warning.sharesBelow100',
] as const;
export type KycMessageKey = (typeof KYC_MESSAGE_KEYS)[number];
/** The last segment of a key: `required` for `kyc.validation.required`. */
export type KycMessageName = KycMessageKey extends `${string}.${string}.${infer Name}` ? Name : never;

const BY_NAME = new Map(KYC_MESSAGE_KEYS.map((key) => [key.slice(key.lastIndexOf('.') + 1), key]));

/** A message key by its last segment: kycMessage('required') is 'kyc.validation.required'. */
export function kycMessage(name: KycMessageName): KycMessageKey {
  return BY_NAME.get(name)!;
}

/** A message as zod's error option: `z.string(msg('required'))`. */
export const msg = (name: KycMessageName): { error: KycMessageKey } => ({ error: kycMessage(name) });
