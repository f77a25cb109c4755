import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useActiveProperty } from '../../lib/active-property';
import { useSession } from '../../lib/session/session-provider';

// Public page (spec 2): what a property's guests and its own staff meet while it is Inactive. The shell
// gives it the dark full-height layout. Signed-in staff may switch to another of their hotels that is
// not inactive, or sign out; a guest is offered nothing but the explanation.
export function InactivePropertyScreen() {
  const { t } = useTranslation();
  const { status, signOut } = useSession();
  const { properties, activeProperty, statusOf, switchTo } = useActiveProperty();
  const signedIn = status === 'authenticated';
  const others = properties.filter((property) => property.merchantId !== activeProperty?.merchantId && statusOf(property.merchantId) !== 'Inactive');
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 pt-32 text-center text-white" data-testid="inactive-property">
      <h1 className="text-3xl font-semibold">{t('shell.inactiveProperty.title')}</h1>
      {activeProperty && signedIn ? <p className="text-lg">{activeProperty.name}</p> : null}
      <p className="text-slate-300">{signedIn ? t('shell.inactiveProperty.body') : t('shell.inactiveProperty.guestBody')}</p>
      {signedIn && others.length ? (
        <nav aria-label={t('shell.inactiveProperty.otherHotels')} className="flex flex-col gap-2">
          {others.map((property) => (
            <button key={property.merchantId} type="button" onClick={() => switchTo(property.merchantId)} className="rounded border border-white px-4 py-2">
              {property.name}
            </button>
          ))}
        </nav>
      ) : null}
      {signedIn ? (
        <button type="button" onClick={signOut} className="rounded bg-white px-4 py-2 font-medium text-brand-dark">
          {t('shell.inactiveProperty.signOut')}
        </button>
      ) : (
        <Link href="/sign-in" className="rounded bg-white px-4 py-2 font-medium text-brand-dark">
          {t('shell.inactiveProperty.back')}
        </Link>
      )}
    </section>
  );
}
