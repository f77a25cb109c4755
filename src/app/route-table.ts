import { createElement, type ComponentType } from 'react';
import { KYC_STEP_IDS } from '../../contract/kyc/steps';
import { MERCHANT_PAGES, PROPERTY_PAGES } from '../../contract/settings/pages';
import { areaDemand } from '../lib/permissions';
import { PUBLIC_ROUTES, screen, type AppRoute, type ScreenLoader } from './public-routes';

// The one route table (spec 2, spec 6 "Route demands"): every route as data. Screens load lazily;
// the screen of a route is found in two hops: this table -> src/features/<domain>/<screen>.tsx (with the
// part of another feature it shows, when it shows one: screenWithParts below).
// The public routes are in ./public-routes.ts (on the first load); this module, with the guarded
// routes and the permission table, loads with the signed-in part of the app (decision 0571).

export type { AppRoute } from './public-routes';

// The page slugs live in the contract (the settings-form registry reads them too).
export { MERCHANT_PAGES, PROPERTY_PAGES };

/**
 * A screen that shows a part of another feature: a feature never imports another (decision 0600), so the
 * screen names the parts it needs as props and this table hands them in, both modules loaded together.
 * The compiler checks here that the parts fit the screen's props.
 */
function screenWithParts<P extends object>(loadScreen: () => Promise<ComponentType<P>>, loadParts: () => Promise<P>): ScreenLoader {
  return () =>
    Promise.all([loadScreen(), loadParts()]).then(([Screen, parts]) => {
      const WithParts = () => createElement(Screen, parts);
      WithParts.displayName = `WithParts(${Screen.displayName ?? Screen.name})`;
      return WithParts;
    });
}

const settingsForms = () => import('../features/settings/settings-form-host');
// The guest checkout's parts come through the guest page's own module, so the previews share its chunk and the
// guest page, on the first load's route list, gains no chunk of its own.
const guestCheckout = () => import('../features/guest-checkout/guest-checkout-screen');

const kycStep = screen(() => import('../features/kyc/kyc-step-screen'), 'KycStepScreen');
const propertyPage = screenWithParts(
  () => import('../features/properties/property-page-screen').then((module) => module.PropertyPageScreen),
  () => settingsForms().then((module) => ({ SettingsForm: module.PropertySettingsForm })),
);
const merchantPage = screenWithParts(
  () => import('../features/merchants/merchant-page-screen').then((module) => module.MerchantPageScreen),
  () =>
    Promise.all([settingsForms(), import('../features/settings/merchant-wizard/merchant-wizard')]).then(([forms, wizard]) => ({
      SettingsForm: forms.MerchantSettingsForm,
      MerchantWizard: wizard.MerchantWizard,
    })),
);

// Each route demands the resource and exact action set of its page area in the permission table.
const KYC = areaDemand('kycWizard');
const KYC_REVIEW = areaDemand('kycReview');
const PROPERTIES = areaDemand('properties');
const MERCHANTS = areaDemand('merchants');
const USERS = areaDemand('users');
const TRANSACTIONS = areaDemand('transactions');
const REFUND = areaDemand('refunds');

export const ROUTES: readonly AppRoute[] = [
  ...PUBLIC_ROUTES,

  // Merchant admin home: any signed-in user (no demand).
  { path: '/home', titleKey: 'shell.routes.home', load: screen(() => import('../features/home/home-screen'), 'HomeScreen') },
  // The user menu's two-step sign-in: any signed-in user (no demand); the sign-in policy sends provider roles here (decision 0310).
  {
    path: '/account/two-step',
    titleKey: 'account.twoStep.title',
    load: screen(() => import('../features/account/two-step-screen'), 'TwoStepScreen'),
  },

  // KYC wizard and its review (spec 2 "KYC wizard", "KYC admin").
  ...KYC_STEP_IDS.map((step) => ({ path: `/kyc/${step}`, demand: KYC, titleKey: `shell.routes.kyc.${step}`, load: kycStep })),
  {
    path: '/kyc/application-success',
    demand: KYC,
    titleKey: 'shell.routes.kyc.application-success',
    load: screen(() => import('../features/kyc/application-success-screen'), 'ApplicationSuccessScreen'),
  },
  {
    path: '/kyc/applications',
    demand: KYC_REVIEW,
    titleKey: 'shell.routes.kycApplications',
    load: screen(() => import('../features/kyc-review/applications-screen'), 'KycApplicationsScreen'),
  },
  {
    path: '/kyc/applications/[id]',
    demand: KYC_REVIEW,
    titleKey: 'shell.routes.kycApplication',
    load: screen(() => import('../features/kyc-review/application-screen'), 'KycApplicationScreen'),
  },

  // Properties (spec 2 "Properties"); the property pages take isOnboarding and merchantId.
  {
    path: '/properties',
    demand: PROPERTIES,
    titleKey: 'shell.routes.properties',
    load: screen(() => import('../features/properties/properties-screen'), 'PropertiesScreen'),
  },
  {
    path: '/properties/property-overview/[id]',
    demand: PROPERTIES,
    titleKey: 'shell.routes.propertyOverview',
    load: screen(() => import('../features/properties/property-overview-screen'), 'PropertyOverviewScreen'),
  },
  {
    path: '/properties/create-property',
    demand: PROPERTIES,
    titleKey: 'shell.routes.createProperty',
    load: screenWithParts(
      () => import('../features/properties/create-property-screen').then((module) => module.CreatePropertyScreen),
      () => import('../features/settings/property-wizard').then((module) => ({ PropertyWizard: module.PropertyWizard })),
    ),
  },
  {
    path: '/properties/property-submitted',
    demand: PROPERTIES,
    titleKey: 'shell.routes.propertySubmitted',
    load: screen(() => import('../features/properties/property-submitted-screen'), 'PropertySubmittedScreen'),
  },
  ...PROPERTY_PAGES.map((page) => ({ path: `/properties/${page}`, demand: PROPERTIES, titleKey: `shell.routes.propertyPages.${page}`, load: propertyPage })),
  {
    path: '/properties/admin/checkout-preview',
    demand: PROPERTIES,
    titleKey: 'shell.routes.checkoutPreview',
    load: screenWithParts(
      () => import('../features/properties/checkout-preview-screen').then((module) => module.CheckoutPreviewScreen),
      () => guestCheckout().then((module) => ({ GuestCheckoutView: module.GuestCheckoutView })),
    ),
  },

  // Users.
  { path: '/users', demand: USERS, titleKey: 'shell.routes.users', load: screen(() => import('../features/users/users-screen'), 'UsersScreen') },
  {
    path: '/users/add-user',
    demand: USERS,
    titleKey: 'shell.routes.addUser',
    load: screen(() => import('../features/users/add-user-screen'), 'AddUserScreen'),
  },
  {
    path: '/users/sign-in-security',
    demand: USERS,
    titleKey: 'users.signInPolicy.title',
    load: screen(() => import('../features/users/sign-in-security-screen'), 'SignInSecurityScreen'),
  },
  { path: '/users/[id]', demand: USERS, titleKey: 'shell.routes.editUser', load: screen(() => import('../features/users/edit-user-screen'), 'EditUserScreen') },

  // Merchants; the merchant pages take merchantGroupId.
  {
    path: '/merchants',
    demand: MERCHANTS,
    titleKey: 'shell.routes.merchants',
    load: screen(() => import('../features/merchants/merchants-screen'), 'MerchantsScreen'),
  },
  {
    path: '/merchants/add-merchant-access',
    demand: MERCHANTS,
    titleKey: 'shell.routes.addMerchantAccess',
    load: screen(() => import('../features/merchants/add-merchant-access-screen'), 'AddMerchantAccessScreen'),
  },
  ...MERCHANT_PAGES.map((page) => ({ path: `/merchants/${page}`, demand: MERCHANTS, titleKey: `shell.routes.merchantPages.${page}`, load: merchantPage })),

  // Payment settings: the add page demands Read/Insert/Update (spec 6), and so do the list and edit (decision 0242).
  {
    path: '/payment-settings',
    demand: areaDemand('paymentSettings'),
    titleKey: 'shell.routes.paymentSettings',
    load: screen(() => import('../features/payment-settings/payment-settings-screen'), 'PaymentSettingsScreen'),
  },
  {
    path: '/payment-settings/add-payment-settings',
    demand: areaDemand('paymentSettings'),
    titleKey: 'shell.routes.addPaymentSettings',
    load: screen(() => import('../features/payment-settings/add-payment-settings-screen'), 'AddPaymentSettingsScreen'),
  },
  {
    path: '/payment-settings/edit-payment-settings',
    demand: areaDemand('paymentSettings'),
    titleKey: 'shell.routes.editPaymentSettings',
    load: screen(() => import('../features/payment-settings/edit-payment-settings-screen'), 'EditPaymentSettingsScreen'),
  },

  // Transactions and related.
  {
    path: '/transactions',
    demand: TRANSACTIONS,
    titleKey: 'shell.routes.transactions',
    load: screen(() => import('../features/transactions/transactions-screen'), 'TransactionsScreen'),
  },
  {
    path: '/transactions/transaction-info',
    demand: TRANSACTIONS,
    titleKey: 'shell.routes.transactionInfo',
    load: screen(() => import('../features/transactions/transaction-info-screen'), 'TransactionInfoScreen'),
  },
  {
    path: '/property-management',
    demand: areaDemand('propertyManagement'),
    titleKey: 'shell.routes.propertyManagement',
    load: screen(() => import('../features/home/property-management-screen'), 'PropertyManagementScreen'),
  },
  {
    path: '/generate-payment-link',
    demand: TRANSACTIONS,
    titleKey: 'shell.routes.generatePaymentLink',
    load: screen(() => import('../features/payment-links/generate-payment-link-screen'), 'GeneratePaymentLinkScreen'),
  },
  {
    path: '/payment-link-preview',
    demand: TRANSACTIONS,
    titleKey: 'shell.routes.paymentLinkPreview',
    load: screenWithParts(
      () => import('../features/payment-links/payment-link-preview-screen').then((module) => module.PaymentLinkPreviewScreen),
      () => guestCheckout().then((module) => ({ GuestCheckoutView: module.GuestCheckoutView, CardForm: module.CardForm })),
    ),
  },
  {
    path: '/bookings',
    demand: areaDemand('bookings'),
    titleKey: 'shell.routes.bookings',
    load: screen(() => import('../features/bookings/bookings-screen'), 'BookingsScreen'),
  },
  {
    path: '/bookings/booking-detail',
    demand: areaDemand('bookings'),
    titleKey: 'bookings.detail.titleUnknown',
    load: screen(() => import('../features/bookings/booking-detail-screen'), 'BookingDetailScreen'),
  },
  {
    path: '/fee-management',
    demand: areaDemand('fees'),
    titleKey: 'shell.routes.feeManagement',
    load: screen(() => import('../features/settings/fees/fee-management-screen'), 'FeeManagementScreen'),
  },

  // Refunds and payouts.
  {
    path: '/refund-management',
    demand: REFUND,
    titleKey: 'shell.routes.refundManagement',
    load: screen(() => import('../features/refunds/refund-management-screen'), 'RefundManagementScreen'),
  },
  {
    path: '/refund-management/refund-submitted',
    demand: REFUND,
    titleKey: 'shell.routes.refundSubmitted',
    load: screen(() => import('../features/refunds/refund-submitted-screen'), 'RefundSubmittedScreen'),
  },
  {
    path: '/refund-management/rules',
    demand: REFUND,
    titleKey: 'shell.routes.refundRules',
    load: screen(() => import('../features/refunds/refund-rules-screen'), 'RefundRulesScreen'),
  },
  {
    path: '/payouts',
    demand: areaDemand('payouts'),
    titleKey: 'shell.routes.payouts',
    load: screen(() => import('../features/payouts/payouts-screen'), 'PayoutsScreen'),
  },
  // The provider admins' reconciliation check (issue 37); the screen asks the API grants, the server decides.
  {
    path: '/payouts/reconciliation',
    demand: areaDemand('payouts'),
    titleKey: 'settlement.reconciliation.title',
    load: screen(() => import('../features/payouts/reconciliation-screen'), 'ReconciliationScreen'),
  },

  // Sent e-mails, provider admins only (issue 12; decision 0170).
  {
    path: '/sent-emails',
    demand: areaDemand('sentEmails'),
    titleKey: 'sentEmails.title',
    load: screen(() => import('../features/sent-emails/sent-emails-screen'), 'SentEmailsScreen'),
  },
];
