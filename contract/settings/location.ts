import { z } from 'zod';
import { EmailAddressSchema, PhoneSchema, text, TimeOfDaySchema, TimeZoneSchema } from './fields';

/** Location settings (spec 7 merchant-location-settings; spec 3 field labels): timezone, contact, check-in and check-out. */
export const LocationSettingsSchema = z.object({
  timezone: TimeZoneSchema,
  contactName: text(100),
  contactEmail: EmailAddressSchema,
  contactPhone: PhoneSchema,
  checkInTime: TimeOfDaySchema,
  checkOutTime: TimeOfDaySchema,
});
export type LocationSettings = z.infer<typeof LocationSettingsSchema>;
export const LOCATION_DEFAULTS: LocationSettings = {
  timezone: 'Europe/London',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  checkInTime: '15:00',
  checkOutTime: '11:00',
};
