// The registry of problem codes (decision 0686): the one list of the refusals that carry a stable machine `code`
// beside their `detail`. The `detail` keeps its words for API callers; the SPA shows the catalogue's sentence
// `problems.<code>` (src/i18n/en/problems.json) instead, with the problem's `params` filled in. Each code lists
// the names of the params its refusal sends (none for most); `count` is the one name the SPA's catalogue reads as a
// number choosing the sentence's plural form. A test checks that every code here has English words naming exactly
// these params, and that the catalogue has no sentence for a code that is not here.

export const PROBLEM_CODES = {
  // Sign-in and the password pages (signed out).
  'signIn.invalidCredentials': [],
  'signIn.formExpired': [],
  /** Too many wrong passwords for the account from this address, or from everywhere; `count` minutes to wait. */
  'signIn.passwordsHeld': ['count'],
  /** Any endpoint's own rate limit (the number of calls a minute or an hour from one address). */
  'request.tooManyAttempts': [],
  'password.linkInvalid': [],
  // The code step of sign-in.
  'twoStep.signInExpired': [],
  /** `count` tries left before the code step locks. */
  'twoStep.wrongCodeAtSignIn': ['count'],
  /** `until`: the time (HH:MM, UTC) the code step opens again. */
  'twoStep.locked': ['until'],
  'twoStep.requiredByPolicy': [],
  // Two-step set-up and turning it off (the account pages), the sign-in policy (users).
  'twoStep.alreadyOn': [],
  'twoStep.setupNotStarted': [],
  'twoStep.codeFormat': [],
  'twoStep.wrongCode': [],
  'twoStep.keptOnByPolicy': [],
  'twoStep.wrongPassword': [],
  'twoStep.wrongTurnOffCode': [],
  'signInPolicy.ownTwoStepFirst': [],
  // Merchant groups and the provider's merchant access.
  /** `name`: the name another group has already (letter case and spaces aside). */
  'merchantGroup.nameTaken': ['name'],
  /** The new merchant admin's address belongs to a user already. */
  'merchantAccess.emailTaken': [],
  /** `email`: the address of the merchant admin the chosen group has already. */
  'merchantAccess.groupHasAdmin': ['email'],
  // Users.
  'user.changedSince': [],
  'user.emailTaken': [],
  /** Deactivating, reactivating or changing the access of one's own account. */
  'user.notYourself': [],
  'user.ownAccess': [],
  /** `name`: the user's name; `group`: the merchant group's. */
  'user.lastMerchantAdmin': ['name', 'group'],
  'user.lastProviderAdmin': ['name'],
  'user.nothingToResendActive': ['email'],
  'user.nothingToResendDeactivated': ['email'],
  /** A role that covers only the properties chosen for it, given none (the users screen, the property managers page). */
  'user.chooseProperty': [],
  'propertyManagers.changedSince': [],
  // Orders (transactions) and their refunds.
  /** `status`: the order's status on the wire (Paid, PaymentLinkSentNoProcessing, ...), worded by WORDED_PARAMS. */
  'order.actionNotAllowed': ['status'],
  'order.noCardKept': [],
  'order.authorizationOpen': [],
  'order.alreadyCaptured': [],
  /** The order's amount (money params: see MONEY_PARAMS). */
  'order.authorizeAtMost': ['amountMinor', 'currency'],
  /** What is authorized and not yet captured. */
  'order.captureAtMost': ['amountMinor', 'currency'],
  'order.overAuthorized': [],
  'order.nothingAuthorized': [],
  'order.capturedRefundInstead': [],
  'refund.nothingLeft': [],
  /** What the order may still refund. */
  'refund.atMost': ['amountMinor', 'currency'],
  'refund.exceedsRefundable': ['amountMinor', 'currency'],
  'refund.notApprovableNow': [],
  'refund.notRejectableNow': [],
  'refund.approvedAlready': [],
  /** An approval sent while someone else rejected the request: approving it now overrides the rejection. */
  'refund.overrideNeedsReason': [],
  /** A rule for all properties needs a merchant, and provider staff belong to none. */
  'refundRule.merchantRequired': [],
  'refundRule.propertyOfAnotherMerchant': [],
  // Payouts.
  /** `status`: the payout's status on the wire (Paid, Processing, ...), worded by WORDED_PARAMS. */
  'payout.onlyFailedRetried': ['status'],
  'payout.attemptInProgress': [],
  /** A payout asked for by hand (decision 0704). `schedule`: the property's payout schedule, worded by WORDED_PARAMS. */
  'payout.notManual': ['schedule'],
  'payout.nothingDue': [],
  /** What is due (money params) and the property's minimum payout in the same currency (`minimumMinor`, see MONEY_PARAMS). */
  'payout.belowMinimum': ['amountMinor', 'currency', 'minimumMinor'],
  // Properties that take no money, payment links.
  'property.inactive': [],
  'property.notActive': [],
  'paymentLink.paid': [],
  'paymentLink.cancelled': [],
  'paymentLink.locked': [],
  'paymentLink.expired': [],
  /** The property's currencies or payment settings changed after the form read them. */
  'paymentLink.choicesChanged': [],
  // Secret keys.
  'secretKey.revokedAlready': [],
  'secretKey.replacedAlready': [],
  // Settings saves.
  'settings.changedSince': [],
  'paymentSettings.changedSince': [],
  'vccSettings.changedSince': [],
  /** `property`: the property's name. */
  'paymentSettings.ownAlready': ['property'],
  'paymentSettings.noneOwn': ['property'],
  'webhook.saveAddressFirst': [],
  'webhook.saveBeforeTest': [],
  'emailSettings.saveBeforeTest': [],
  /** A webhook address or mail server refused at save time (decisions 0283, 0382). */
  'outboundTarget.privateAddress': [],
  'outboundTarget.ownAddress': [],
  'webhook.httpsOnly': [],
  /** Both webhook addresses refused, for different reasons. */
  'webhook.addressesRefused': [],
  // The guest's payment page: its property's processing settings (decision 0698).
  'checkout.holderNameRequired': [],
  'checkout.cardNotAccepted': [],
  // The KYC application: the applicant's wizard (saves, uploads, submit) and the provider's review.
  /** `status`: the application's onboarding status on the wire (InReview, ...), worded by WORDED_PARAMS. */
  'kycApplication.actionNotAllowed': ['status'],
  'kycApplication.changedMeanwhile': [],
  /** `status`: as for kycApplication.actionNotAllowed; a save or upload while the application is read-only. */
  'kycApplication.cannotChangeNow': ['status'],
  'kycApplication.onlyFlaggedChange': [],
  'kycApplication.stepsIncomplete': [],
  'kycApplication.flaggedDocumentsNotReplaced': [],
  /**
   * Resubmitting while fields the reviewer flagged still hold the values they were flagged with (decision 0703):
   * `fields`, their flag targets (`<step>.<path>`) joined by ", " (worded by KYC_FIELD_LIST_PARAMS); `count`, how many.
   */
  'kycApplication.flaggedFieldsUnchanged': ['fields', 'count'],
  /**
   * Both at once (decision 0708): `documents`, how many flagged documents are not replaced yet; `fields` and `count` as
   * for kycApplication.flaggedFieldsUnchanged.
   */
  'kycApplication.flaggedRequestsOutstanding': ['documents', 'fields', 'count'],
  'kycDocument.onlyFlaggedReplaced': [],
  'kycDocument.typeNotAccepted': [],
  // Properties' lifecycle (the property pages, the provider's merchants list) and their information.
  /** `status`: the property's status on the wire (PendingReview, ...), worded by WORDED_PARAMS. */
  'property.actionNotAllowed': ['status'],
  'property.feesFirst': [],
  'property.changeFlaggedFirst': [],
  'property.inReview': [],
  /** A field the reviewer did not name changed while the property waits for resubmission. */
  'property.notFlagged': [],
  /** `property`: the property's name; `status`: its status on the wire (worded). */
  'property.statusAlready': ['property', 'status'],
  /** `property`: the property's name; `status`, `target`: its status and the one asked for, on the wire (worded). */
  'property.cannotMoveTo': ['property', 'status', 'target'],
  /** `status`: the merchant group's onboarding status on the wire (worded); a group in it takes no new property. */
  'property.groupClosed': ['status'],
  // A property's logo and image (decision 0300).
  /** `maxKb`: the most the asset may have, in KB. */
  'brandAsset.fileTooLarge': ['maxKb'],
  'brandAsset.wrongFormat': [],
  'brandAsset.unreadable': [],
  /** The image's pixel size and the smallest and largest the asset may have. */
  'brandAsset.wrongDimensions': ['width', 'height', 'minWidth', 'minHeight', 'maxWidth', 'maxHeight'],
  'brandAsset.fileEmpty': [],
  // The merchant wizard, fees, e-mail settings.
  'merchantWizard.stepsIncomplete': [],
  /** `status`: the merchant group's onboarding status on the wire (worded); the wizard opens only while it is Active. */
  'merchantWizard.notOpen': ['status'],
  'fees.validFromTaken': [],
  'fees.validFromPast': [],
  /** The mail server, port, encryption or user changed, and the saved password goes only where it was saved for. */
  'emailSettings.passwordAgain': [],
  // Anywhere.
  /** Two requests raced to create the same thing; this one lost. */
  'request.createdMeanwhile': [],
} as const satisfies Record<string, readonly string[]>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/**
 * Money travels as everywhere else, integer minor units with their ISO 4217 currency: the params `amountMinor` and
 * `currency`. A sentence names them once, as `{{amount}}`, which the SPA writes as it writes every amount ("€10.27",
 * "¥1,000", "KWD 12.345"), so a refusal's amount reads like the screen's around it.
 */
export const MONEY_PARAMS = { minor: 'amountMinor', currency: 'currency', written: 'amount' } as const;
/**
 * A second amount in the same currency, where a refusal compares two (what is due and a minimum): `minimumMinor`,
 * named `{{minimum}}` and written as `{{amount}}` is.
 */
export const SECOND_MONEY_PARAMS = { minor: 'minimumMinor', written: 'minimum' } as const;

/**
 * Params whose value is a word of a list on the wire, a status (`PaymentLinkSentNoProcessing`): the SPA names the
 * value with the catalogue's word for it, the one its screens show (`transactions.status.PaymentLinkSentNoProcessing`,
 * "Payment link sent, not processed"), under the catalogue branch given here. A value with no word there (a status
 * the server added after this SPA was built) is named as it came.
 */
export const WORDED_PARAMS: { readonly [C in ProblemCode]?: { readonly [Name in (typeof PROBLEM_CODES)[C][number]]?: string } } = {
  'order.actionNotAllowed': { status: 'transactions.status' },
  'payout.onlyFailedRetried': { status: 'payouts.status' },
  'payout.notManual': { schedule: 'payouts.schedule' },
  'kycApplication.actionNotAllowed': { status: 'merchants.status' },
  'kycApplication.cannotChangeNow': { status: 'merchants.status' },
  'property.actionNotAllowed': { status: 'properties.status' },
  'property.statusAlready': { status: 'merchants.propertyStatus' },
  'property.cannotMoveTo': { status: 'merchants.propertyStatus', target: 'merchants.propertyStatus' },
  'property.groupClosed': { status: 'merchants.status' },
  'merchantWizard.notOpen': { status: 'merchants.status' },
};

/**
 * Params that list KYC fields by their flag targets (`company-details.businessAddress.postal`), joined by ", ": the
 * SPA names each field as the wizard and the review pages do ("Company details: Business address › Postal code").
 */
export const KYC_FIELD_LIST_PARAMS: { readonly [C in ProblemCode]?: (typeof PROBLEM_CODES)[C][number] } = {
  'kycApplication.flaggedFieldsUnchanged': 'fields',
  'kycApplication.flaggedRequestsOutstanding': 'fields',
};

/** The values a code's sentence names, by the names the registry lists for it. */
export type ProblemParamsOf<C extends ProblemCode> = { [Name in (typeof PROBLEM_CODES)[C][number]]: string | number };

/** The params argument of a coded refusal: required when the code names params, absent when it names none. */
export type ProblemParamsArg<C extends ProblemCode> = (typeof PROBLEM_CODES)[C] extends readonly [] ? [] : [params: ProblemParamsOf<C>];
