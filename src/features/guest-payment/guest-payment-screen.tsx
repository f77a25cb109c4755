import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { PROPERTY_INACTIVE_DETAIL } from '../../../contract/properties';
import { paymentLinkEndpoints, type GuestCard, type GuestCheckout, type GuestPaymentAnswer } from '../../../contract/payment-links';
import { CardForm } from '../../components/guest-checkout/card-form';
import { GuestCheckoutView } from '../../components/guest-checkout/guest-checkout-view';
import { i18next } from '../../i18n/i18n';
import guestStrings from '../../i18n/en/guest-checkout.json';
import { call } from '../../lib/api-client';
import { ResponseError } from '../../lib/failure-message';
import { formatMoney } from '../../lib/format';
import { QueryProvider } from '../../lib/query-provider';

// The guest's payment page (issue 15): public, outside the back office's shell and session. The
// guest never signs in, so this page brings its own strings rather than the signed-in bundle.
i18next.addResourceBundle('en', 'common', guestStrings, true, true);

const { getGuestCheckout, payGuestCheckout } = paymentLinkEndpoints;

export function GuestPaymentScreen() {
  return (
    <QueryProvider>
      <GuestPayment />
    </QueryProvider>
  );
}

function tokenOf(pathname: string): string {
  return decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');
}

function GuestPayment() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const token = tokenOf(pathname);
  const queryClient = useQueryClient();
  const key = ['guest-checkout', token];
  const checkout = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(getGuestCheckout, { params: { token }, signal }),
    retry: false,
    meta: { errorToast: false },
  });
  const pay = useMutation({
    mutationFn: (card: GuestCard) => call(payGuestCheckout, { params: { token }, body: card }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer.checkout),
    // A refusal (already used, expired) changes what the page shows: read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorToast: false },
  });

  if (checkout.isPending) return <p role="status">{t('common.loading')}</p>;
  if (checkout.isError) {
    const body = checkout.error instanceof ResponseError ? (checkout.error.body as { detail?: string } | undefined) : undefined;
    if (body?.detail === PROPERTY_INACTIVE_DETAIL) return <Redirect to="/properties/inactive-property" replace />;
    const missing = checkout.error instanceof ResponseError && checkout.error.status === 404;
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-8">
        <h1 className="text-xl font-semibold">{t('guestCheckout.pageTitle')}</h1>
        <p role="alert">{missing ? t('guestCheckout.notFound') : t('guestCheckout.loadFailed')}</p>
      </main>
    );
  }
  const data: GuestCheckout = checkout.data;
  const amount = formatMoney(data.amountMinor, data.currency);
  return (
    <main className="flex min-h-screen flex-col">
      <GuestCheckoutView content={data} branding={data.branding}>
        <Outcome answer={pay.data} error={pay.error} amount={amount} />
        {data.state === 'Payable' && !data.paymentHeld ? (
          <CardForm
            branding={data.branding}
            submitLabel={t(`guestCheckout.card.submit.${data.paymentType}`, { amount })}
            onPay={(card) => pay.mutate(card)}
            pending={pay.isPending}
          />
        ) : (
          <StateMessage checkout={data} />
        )}
      </GuestCheckoutView>
    </main>
  );
}

function Outcome({ answer, error, amount }: { answer: GuestPaymentAnswer | undefined; error: Error | null; amount: string }) {
  const { t } = useTranslation();
  if (error) return <p role="alert">{error.message}</p>;
  if (!answer) return null;
  const refused = answer.outcome === 'Declined' || answer.outcome === 'AuthenticationFailed';
  return (
    <p
      role={refused ? 'alert' : 'status'}
      data-testid="payment-outcome"
      className={refused ? 'rounded bg-red-50 p-3 text-red-900' : 'rounded bg-green-50 p-3 text-green-900'}
    >
      {t(`guestCheckout.outcome.${answer.outcome}`, { amount, message: answer.message ?? '', last4: answer.checkout.card?.last4 ?? '' })}
    </p>
  );
}

function StateMessage({ checkout }: { checkout: GuestCheckout }) {
  const { t } = useTranslation();
  if (checkout.state === 'Payable') {
    if (!checkout.paymentHeld) return null;
    return (
      <p role="alert" className="font-semibold" data-testid="link-state" data-state={checkout.paymentHeld}>
        {t(`guestCheckout.held.${checkout.paymentHeld}`, { property: checkout.propertyName })}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1" data-testid="link-state" data-state={checkout.state}>
      <p className="font-semibold">{t(`guestCheckout.state.${checkout.state}`)}</p>
      {checkout.card ? <p className="text-sm">{t('guestCheckout.paidWith', checkout.card)}</p> : null}
    </div>
  );
}
