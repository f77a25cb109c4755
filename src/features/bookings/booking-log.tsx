import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingLogEntry } from '../../../contract/bookings';
import { formatDateTime } from '../../lib/format';
import { bookingLogsQuery } from './api';
import { SectionReadFailure } from '../../components/section-read-failure/section-read-failure';

/** The booking's log (spec 7 `bookings/{id}/logs`): PMS and webhook exchanges, newest first, each body viewable and copyable. */
export function BookingLog({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const result = useQuery(bookingLogsQuery(bookingId));
  const entries = result.data?.items;
  if (result.isError && !entries) return <SectionReadFailure read={result} never="bookings.log.unreadable" />;
  if (!entries) return <p className="text-sm text-slate-700">{t('bookings.detail.loading')}</p>;
  if (entries.length === 0) return <p className="text-sm text-slate-700">{t('bookings.log.empty')}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="booking-log">
      {entries.map((entry) => (
        <LogEntry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

function LogEntry({ entry }: { entry: BookingLogEntry }) {
  const { t } = useTranslation();
  return (
    <li className="rounded border border-slate-200 px-3 py-2 text-sm" data-testid="log-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">
          {t(`bookings.log.source.${entry.source}`)} · {t(`bookings.log.direction.${entry.direction}`)}
          {entry.status !== null ? ` · ${t('bookings.log.status', { status: entry.status })}` : ''}
        </span>
        <time dateTime={entry.at} className="text-slate-700">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <div className="text-slate-800">{entry.message}</div>
      <Body label={t('bookings.log.request')} text={entry.requestBody} />
      <Body label={t('bookings.log.response')} text={entry.responseBody} />
    </li>
  );
}

/** JSON bodies are shown indented; anything else as it came. The copy is always the body as exchanged. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Body({ label, text }: { label: string; text: string | null }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (text === null) return null;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-slate-800">{label}</summary>
      <div className="mt-1 flex flex-col gap-1">
        <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs text-slate-900" aria-label={label}>
          {readable(text)}
        </pre>
        <button
          type="button"
          className="self-start rounded border border-slate-300 px-2 py-0.5 text-xs"
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
        >
          {copied ? t('bookings.log.copied') : t('bookings.log.copy', { what: label })}
        </button>
      </div>
    </details>
  );
}
