import type { ComponentType } from 'react';
import type { GuardedRoute } from '../lib/permissions';

// The public half of the route table (spec 2 "Public routes"): what a signed-out visitor can open, on the
// first load. The guarded routes, with the permission table their demands come from, are in
// ./route-table.ts, which only the signed-in part of the app loads (decision 0571).

export type ScreenLoader = () => Promise<ComponentType>;

export interface AppRoute extends GuardedRoute {
  /** i18n key of the route's title (shown by screens that later issues build). */
  titleKey: string;
  load: ScreenLoader;
  /** Full height, dark background, no padding (password routes, inactive-property). */
  dark?: boolean;
  /** Decorative graphic at the bottom right. */
  decoration?: boolean;
}

/** The names of a module's components that render without props (a screen needing parts goes through `screenWithParts`). */
type ScreenName<M> = { [K in keyof M]: M[K] extends ComponentType<Record<string, never>> ? K : never }[keyof M];

export function screen<M>(importer: () => Promise<M>, name: ScreenName<M>): ScreenLoader {
  return () => importer().then((module) => module[name] as ComponentType);
}

const auth = {
  root: screen(() => import('../features/auth/root-screen'), 'RootScreen'),
  signIn: screen(() => import('../features/auth/sign-in-screen'), 'SignInScreen'),
  authError: screen(() => import('../features/auth/auth-error-screen'), 'AuthErrorScreen'),
  createPassword: screen(() => import('../features/auth/create-password-screen'), 'CreatePasswordScreen'),
  createPasswordSuccessful: screen(() => import('../features/auth/create-password-successful-screen'), 'CreatePasswordSuccessfulScreen'),
  forgotPassword: screen(() => import('../features/auth/forgot-password-screen'), 'ForgotPasswordScreen'),
  forgotPasswordSuccessful: screen(() => import('../features/auth/forgot-password-successful-screen'), 'ForgotPasswordSuccessfulScreen'),
};

export const PUBLIC_ROUTES: readonly AppRoute[] = [
  // Public (spec 2 "Public routes"): no session needed, top bar hidden.
  { path: '/', public: true, titleKey: 'shell.routes.root', load: auth.root },
  { path: '/sign-in', public: true, titleKey: 'shell.routes.signIn', load: auth.signIn },
  { path: '/auth-error', public: true, titleKey: 'shell.routes.authError', load: auth.authError },
  { path: '/create-password', public: true, dark: true, titleKey: 'shell.routes.createPassword', load: auth.createPassword },
  {
    path: '/create-password-successful',
    public: true,
    dark: true,
    decoration: true,
    titleKey: 'shell.routes.createPasswordSuccessful',
    load: auth.createPasswordSuccessful,
  },
  { path: '/forgot-password', public: true, dark: true, decoration: true, titleKey: 'shell.routes.forgotPassword', load: auth.forgotPassword },
  {
    path: '/forgot-password-successful',
    public: true,
    dark: true,
    decoration: true,
    titleKey: 'shell.routes.forgotPasswordSuccessful',
    load: auth.forgotPasswordSuccessful,
  },
  // Served by the server to provider staff (decision 0199); this entry only hands a client-side visit over to it.
  {
    path: '/docs/statecharts',
    public: true,
    titleKey: 'shell.routes.statecharts',
    load: screen(() => import('../features/docs/statecharts-screen'), 'StatechartsScreen'),
  },
  {
    path: '/properties/inactive-property',
    public: true,
    dark: true,
    titleKey: 'shell.routes.inactiveProperty',
    load: screen(() => import('../features/properties/inactive-property-screen'), 'InactivePropertyScreen'),
  },
  // The guest's payment page (issue 15): no session, no shell; the token is the link.
  {
    path: '/pay/[id]',
    public: true,
    titleKey: 'guestCheckout.pageTitle',
    load: screen(() => import('../features/guest-checkout/guest-checkout-screen'), 'GuestCheckoutScreen'),
  },
];
