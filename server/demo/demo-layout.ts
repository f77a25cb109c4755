// The demo world (architecture.md "Demo mode"): deterministic names and statuses.
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_DOMAIN = 'demo.folio.test';
/** Orders and payouts are dated back from this instant, so every seed is the same. */
export const DEMO_ANCHOR = '2026-11-01T12:00:00Z';

export const DEMO_GROUP = {
  name: 'Lagoon Hotels Group',
  status: 'Active',
  country: 'NL',
  // The first property (list order) is Inactive, so auto-selection must skip it (spec 4).
  properties: [
    { name: 'Harbour View Hotel', status: 'Inactive', currency: 'EUR' },
    { name: 'Canal House Amsterdam', status: 'Active', currency: 'EUR' },
    { name: 'Dune Resort Scheveningen', status: 'Active', currency: 'EUR' },
    { name: 'City Lights Rotterdam', status: 'PendingReview', currency: 'EUR' },
  ],
} as const;

export const APPLICANT_GROUP = {
  name: 'Alpine Lodges Group',
  status: 'Created',
  country: 'AT',
  properties: [{ name: 'Alpine Lodge Innsbruck', status: 'NotOnboarded', currency: 'EUR' }],
} as const;

/** One group in every other onboarding status, with properties in every property status. */
export const OTHER_GROUPS = [
  { name: 'Baltic Inns', status: 'Pending', country: 'EE', properties: [{ name: 'Tallinn Old Town Inn', status: 'Created', currency: 'EUR' }] },
  { name: 'Coastline Stays', status: 'InReview', country: 'PT', properties: [{ name: 'Lisbon Riverside', status: 'PendingReview', currency: 'EUR' }] },
  {
    name: 'Danube Hospitality',
    status: 'SentForResubmission',
    country: 'HU',
    properties: [{ name: 'Budapest Bridge Hotel', status: 'ResubmissionRequired', currency: 'HUF' }],
  },
  { name: 'Emerald Isle Hotels', status: 'Approved', country: 'IE', properties: [{ name: 'Dublin Quay Hotel', status: 'FeeSetup', currency: 'EUR' }] },
  { name: 'Fjord Retreats', status: 'Rejected', country: 'NO', properties: [{ name: 'Bergen Harbour Retreat', status: 'NotOnboarded', currency: 'NOK' }] },
  { name: 'Granite Suites', status: 'Deleted', country: 'GB', properties: [{ name: 'Aberdeen Granite Suites', status: 'Inactive', currency: 'GBP' }] },
  { name: 'Highland Escapes', status: 'Expired', country: 'GB', properties: [{ name: 'Inverness Glen Lodge', status: 'Created', currency: 'GBP' }] },
  { name: 'Iberia Boutique', status: 'ContractSigned', country: 'ES', properties: [{ name: 'Seville Patio House', status: 'FeeSetup', currency: 'EUR' }] },
  { name: 'Jura Chalets', status: 'ContractPending', country: 'CH', properties: [{ name: 'Neuchatel Lake Chalet', status: 'Created', currency: 'CHF' }] },
  {
    name: 'Kastro Island Resorts',
    status: 'Active',
    country: 'GR',
    properties: [
      { name: 'Santorini Caldera Resort', status: 'Active', currency: 'EUR' },
      { name: 'Naxos Beach Villas', status: 'Active', currency: 'EUR' },
    ],
  },
] as const;

export const FIRST_NAMES = [
  'Anna',
  'Bram',
  'Chloe',
  'Daan',
  'Eva',
  'Finn',
  'Greta',
  'Hugo',
  'Iris',
  'Jonas',
  'Katja',
  'Lars',
  'Mila',
  'Noah',
  'Olivia',
  'Pieter',
  'Queenie',
  'Ruben',
  'Sofia',
  'Thijs',
  'Uma',
  'Victor',
];
export const LAST_NAMES = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Dekker'];
