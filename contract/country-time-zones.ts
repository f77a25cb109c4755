import { LOCATION_DEFAULTS } from './settings/location';

/**
 * The principal time zone of each country that keeps several (decision 0560): the zone of its capital or of where most
 * of its people, and so its hotels, keep time. IANA's current names; a country of one zone needs no entry (the
 * runtime's CLDR data names it). `tests/capabilities/country-time-zones.test.ts` checks that every country of
 * several zones in COUNTRY_CODES has an entry and that each entry is one of that country's own zones.
 */
export const PRINCIPAL_TIME_ZONES: Readonly<Record<string, string>> = {
  AQ: 'Antarctica/McMurdo',
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Hebron',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  UM: 'Pacific/Wake',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
};

/**
 * The runtime's name for each zone asked about. Making a date format to learn it costs about a tenth of a millisecond,
 * and a country of many zones asked it of each (the add-property groups answer spent most of its time here); the names
 * are a few hundred, each learnt once.
 */
const canonicalNames = new Map<string, string | undefined>();

/** The runtime's name for a zone, so that an old and a new name of one zone (Europe/Kiev, Europe/Kyiv) compare equal. */
function canonicalZone(zone: string): string | undefined {
  if (canonicalNames.has(zone)) return canonicalNames.get(zone);
  let canonical: string | undefined;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    canonical = undefined;
  }
  // Only names the runtime knows are many; a bounded memo keeps an endless stream of made-up ones from growing it.
  if (canonical !== undefined || canonicalNames.size < 2_000) canonicalNames.set(zone, canonical);
  return canonical;
}

/** The time zones of a country, by the runtime's CLDR data (`Intl.Locale#timeZones`); none for a code it does not know. */
export function timeZonesOfCountry(country: string): string[] {
  try {
    return (new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[] }).timeZones ?? [];
  } catch {
    return [];
  }
}

/** Whether a zone is one of the country's own (a zone's other names count as it). */
export function isZoneOfCountry(zone: string, country: string): boolean {
  const canonical = canonicalZone(zone);
  return canonical !== undefined && timeZonesOfCountry(country).some((own) => canonicalZone(own) === canonical);
}

/**
 * The time zone a new property of a group starts with (decisions 0542, 0560), the user still choosing in the form: the
 * first of the group's own zones (`groupZones`: its saved location's, then the one most of its properties keep) that
 * lies in the group's country; else the country's one zone, or its principal zone when it keeps several. Never a zone
 * outside the country; a group without a country (or one the runtime does not know) keeps its own zone, else
 * the location default.
 */
export function startingTimeZone(country: string | null, groupZones: ReadonlyArray<string | null>): string {
  const own = groupZones.filter((zone): zone is string => Boolean(zone) && canonicalZone(zone!) !== undefined);
  const zones = country ? timeZonesOfCountry(country) : [];
  if (zones.length === 0) return own[0] ?? LOCATION_DEFAULTS.timezone;
  return own.find((zone) => isZoneOfCountry(zone, country!)) ?? (zones.length === 1 ? zones[0]! : (PRINCIPAL_TIME_ZONES[country!] ?? zones[0]!));
}
