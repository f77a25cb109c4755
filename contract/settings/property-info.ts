import { z } from 'zod';
import { isCountryCode } from '../countries';
import { EmailAddressSchema, m, PhoneSchema, text } from './fields';

/** Property information (spec 2 property-info; the add-property wizard's first step). */
export const PROPERTY_TYPES = ['Hotel', 'Resort', 'Apartment', 'Hostel', 'Other'] as const;
export const PropertyInfoSchema = z.object({
  displayName: text(120),
  propertyType: z.enum(PROPERTY_TYPES, { error: m('choice') }),
  addressLine: text(200),
  city: text(100),
  postCode: text(20),
  country: z.string().refine(isCountryCode, { error: m('country') }),
  phone: PhoneSchema,
  email: EmailAddressSchema,
});
export type PropertyInfo = z.infer<typeof PropertyInfoSchema>;
export const PROPERTY_INFO_DEFAULTS: PropertyInfo = {
  displayName: '',
  propertyType: 'Hotel',
  addressLine: '',
  city: '',
  postCode: '',
  country: 'GB',
  phone: '',
  email: '',
};
