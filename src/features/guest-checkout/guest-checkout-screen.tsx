import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { PROPERTY_INACTIVE_DETAIL } from '../../../contract/properties';
import { paymentLinkEndpoints, type GuestCard, type GuestCheckout, type GuestPaymentAnswer } from '../../../contract/payment-links';
import { CardForm } from './card-form';
import { GuestCheckoutView } from './guest-checkout-view';
import { addAreaStrings } from '../../i18n/i18n';
import guestStrings from '../../i18n/en/guest-checkout.json';
import { call } from '../../lib/api-client';
import { ResponseError } from '../../lib/failure-message';
import { formatMoney } from '../../lib/format';
import { QueryProvider } from '../../lib/query-provider';

// The guest's payment page (issue 15): public, outside the back office's shell and session. The
// guest never signs in, so this page brings its own strings rather than the signed-in bundle.
addAreaStrings(guestStrings);

const { getGuestCheckout, payGuestCheckout } = paymentLinkEndpoints;

// The guest's page as the staff's previews show it: the route table hands these to /payment-link-preview and the
// property's checkout preview (decision 0600), loading them from this module so all three share one chunk.
export { CardForm, GuestCheckoutView };

export function GuestCheckoutScreen() {
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
  // Set in the click, before React renders the busy button: a double click's second press lands
  // while the first payment is on its way and must not send another (decision 0420).
  const sending = useRef(false);
  const pay = useMutation({
    mutationFn: (card: GuestCard) => call(payGuestCheckout, { params: { token }, body: card }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer.checkout),
    // A refusal (already paid, expired) changes what the page shows: read it again, and the page shows
    // the link's outcome (a tab whose payment lost to another tab's shows the thank-you).
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    onSettled: () => {
      sending.current = false;
    },
    meta: { errorToast: false },
  });
  const send = (card: GuestCard) => {
    if (sending.current) return;
    sending.current = true;
    pay.mutate(card);
  };

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
      <GuestCheckoutView content={data} branding={data.branding} outcome={data.outcome}>
        {data.outcome === 'Open' ? (
          <>
            <Refusal answer={pay.data} error={pay.error} />
            <CardForm
              branding={data.branding}
              cards={data.cards}
              submitLabel={t(`guestCheckout.card.submit.${data.paymentType}`, { amount })}
              onPay={send}
              pending={pay.isPending}
            />
          </>
        ) : (
          <OutcomeScreen checkout={data} amount={amount} />
        )}
      </GuestCheckoutView>
    </main>
  );
}

/** Why the last card did not go through, while the link still takes one. */
function Refusal({ answer, error }: { answer: GuestPaymentAnswer | undefined; error: Error | null }) {
  const { t } = useTranslation();
  // A 409 means the link is no longer open: the page re-reads it and shows its outcome instead.
  if (error) return error instanceof ResponseError && error.status === 409 ? null : <p role="alert">{t('guestCheckout.payFailed')}</p>;
  if (answer?.outcome !== 'Declined' && answer?.outcome !== 'AuthenticationFailed') return null;
  return (
    <p role="alert" data-testid="payment-outcome" className="rounded bg-red-50 p-3 text-red-900">
      {t(`guestCheckout.refused.${answer.outcome}`)}
    </p>
  );
}

/** One screen per outcome of a finished link (decision 0420), the same after a reload. */
function OutcomeScreen({ checkout, amount }: { checkout: GuestCheckout; amount: string }) {
  const { t } = useTranslation();
  const good = checkout.outcome === 'Paid' || checkout.outcome === 'CardSaved' || checkout.outcome === 'AmountHeld';
  // The card's network as the form's list names it ("American Express" for Amex); a brand it does not know, as it came.
  const brand = checkout.card?.brand ?? '';
  const words = {
    amount,
    property: checkout.propertyName,
    brand: t(`guestCheckout.card.networks.${brand}`, { defaultValue: brand }),
    last4: checkout.card?.last4 ?? '',
  };
  return (
    <section
      data-testid="link-outcome"
      data-outcome={checkout.outcome}
      role="status"
      aria-labelledby="link-outcome-heading"
      className={`flex flex-col gap-1 rounded p-4 ${good ? 'bg-green-50 text-green-900' : 'bg-slate-100 text-slate-900'}`}
    >
      <h2 id="link-outcome-heading" className="text-lg font-semibold">
        {t(`guestCheckout.outcome.${checkout.outcome}.heading`, words)}
      </h2>
      <p>{t(`guestCheckout.outcome.${checkout.outcome}.body`, words)}</p>
    </section>
  );
}
