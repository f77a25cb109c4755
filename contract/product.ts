// The spec writes {product} and {provider}; the product is Folio. Rename here and nowhere else.
export const PRODUCT = 'Folio';
export const PRODUCT_SLUG = 'folio';
export const TENANT = PRODUCT_SLUG;

export const AUTH_BASE = '/api/auth';
export const IDENTITY_BASE = '/identity/api';
export const MERCHANT_API = `/${PRODUCT_SLUG}/payment-api/v2`;
export const BACKOFFICE_API = '/backoffice/api/v2';

/** Header naming the merchant (property) a call acts on; the server checks the caller may act on it. */
export const MERCHANT_HEADER = 'x-merchant-id';
/** Header the csrf-protected form posts carry. */
export const DEMO_EMAIL_DOMAIN = 'demo.folio.test';
