// Valid bodies of the settings saves that several tests make: a group's processing settings page and its e-mail (SMTP)
// settings, as the pages send them.

/** The processing settings page of a merchant group, every field set away from its default. */
export const PROCESSING = {
  schemes: ['visaMastercardWorldwide', 'klarnaPayLater'],
  forceAuthorization: true,
  userAuthentication: true,
  paymentTime: '10:30',
  paymentDays: ['Mon', 'Fri'],
  linkExpiryHours: 48,
  cardholderNameRequired: false,
  guestEmailDomains: ['lagoon.example'],
};

/** A save of the e-mail settings of `scope` (a group or a property) through `server`. */
export const smtpBody = (scope: object, server: string) => ({
  scope,
  provider: 'SMTP',
  server,
  port: 587,
  encryption: 'STARTTLS',
  username: 'lagoon-mailer',
  password: 'Sm7p-pa55-word!',
  senderEmail: 'bookings@lagoon.example',
  senderName: 'Lagoon Hotels',
});
