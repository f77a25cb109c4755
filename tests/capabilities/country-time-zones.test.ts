import { expect, test } from 'vitest';
import { COUNTRY_CODES } from '../../contract/countries';
import { isZoneOfCountry, PRINCIPAL_TIME_ZONES, startingTimeZone, timeZonesOfCountry } from '../../contract/country-time-zones';

// Decision 0560: a new property starts at a zone of its group's country; a country of several zones starts at its
// principal one, which the table names for every such country.
test("every country of several time zones has a principal zone, and it is one of that country's own", () => {
  const several = COUNTRY_CODES.filter((country) => timeZonesOfCountry(country).length > 1);
  expect(several).toContain('US');
  expect(several.filter((country) => !PRINCIPAL_TIME_ZONES[country])).toEqual([]);
  expect(Object.entries(PRINCIPAL_TIME_ZONES).filter(([country, zone]) => !isZoneOfCountry(zone, country))).toEqual([]);
});

test("the starting zone is the group's own first zone in its country, else the country's, never one outside it", () => {
  expect(startingTimeZone('US', [null, 'Europe/Amsterdam'])).toBe('America/New_York');
  expect(startingTimeZone('US', ['America/Chicago', 'America/Denver'])).toBe('America/Chicago');
  expect(startingTimeZone('US', ['Europe/Paris', 'America/Denver'])).toBe('America/Denver');
  // Another name of one of the country's zones counts as it.
  expect(startingTimeZone('UA', ['Europe/Kiev'])).toBe('Europe/Kiev');
  expect(startingTimeZone('HU', [null, null])).toBe('Europe/Budapest');
  // No country to hold it to: the group's own zone, else the location default.
  expect(startingTimeZone(null, ['Asia/Tokyo'])).toBe('Asia/Tokyo');
  expect(startingTimeZone(null, [null, null])).toBe('Europe/London');
});
