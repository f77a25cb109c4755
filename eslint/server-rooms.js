// The rooms of server/ and which way their imports run (docs/architecture.md "The import rule",
// decision 0455). Read by the lint rule (rule `folio/boundaries`) and by `node scripts/server-rooms.mjs`,
// which counts the imports against the direction and the cycles between rooms.
//
// A room is a folder of server/ (`server/transactions/`) or a file at its top (`server/audit.ts` is room
// `audit`), except the paths named in PATH_ROOMS. From the bottom up:
// - the platform, in PLATFORM's order: a platform room imports only the platform rooms listed before it,
//   never a domain;
// - the domains: each imports the platform and only the domains DOMAIN_USES lists for it (a graph
//   without cycles, checked when this file loads);
// - the demo seed (`server/demo/`, room `demo`), which may import every platform room and domain, and
//   which nothing below imports;
// - the composition roots (ENTRY_POINTS), which wire everything together and which nothing imports.

/** The platform, lowest first: each room may import the rooms before it. */
export const PLATFORM = [
  'errors',
  'db',
  'config',
  'startup-checks',
  'files',
  'mail',
  'lists',
  'jobs',
  'outbound',
  'app-context',
  'audit',
  'auth',
  'http',
  'events',
  'exports',
];

/** Each domain and the domains it may import. */
export const DOMAIN_USES = {
  properties: [],
  settings: ['properties'],
  fees: [],
  'merchant-groups': [],
  kyc: ['merchant-groups'],
  users: [],
  webhooks: ['settings'],
  'smtp-settings': ['settings'],
  'payment-settings': ['settings'],
  transactions: ['properties', 'webhooks'],
  refunds: ['transactions', 'webhooks'],
  payouts: ['fees', 'settings', 'webhooks'],
  'payment-links': ['properties', 'settings', 'transactions', 'webhooks'],
  home: ['payment-links'],
  capabilities: ['payment-links', 'properties', 'settings'],
  merchants: ['kyc', 'merchant-groups', 'properties', 'users'],
  bookings: [],
  docs: [],
  'sign-in': [],
  'sent-emails': [],
  'system-routes': [],
};

/** The demo seed (`server/demo/`, `npm run seed` through `demo/seed-cli.ts`) sits above every domain. */
export const DEMO = 'demo';

/** Where the server is assembled and started: they import anything; nothing imports them but each other. */
export const ENTRY_POINTS = ['modules', 'app', 'main', 'create-admin'];

/**
 * Paths that are a room of their own although they sit in another room's folder. They stay where they
 * are so that dozens of importers need not change at once; the rule treats them as the room named here.
 * A path ending in `/` names everything under it.
 */
export const PATH_ROOMS = {
  // Problem JSON is the bottom of the server (every room refuses with it); 59 files import it from http/.
  'http/problem.ts': 'errors',
};

/** The room of a path relative to server/ (`transactions/transaction-query.ts` -> `transactions`). */
export function roomOf(relativePath) {
  const posix = relativePath.split('\\').join('/');
  for (const [prefix, room] of Object.entries(PATH_ROOMS)) {
    if (prefix.endsWith('/') ? posix.startsWith(prefix) : posix === prefix || posix === prefix.replace(/\.ts$/, '')) return room;
  }
  const [first, ...rest] = posix.split('/');
  return rest.length === 0 ? first.replace(/\.(ts|tsx|js|mjs)$/, '') : first;
}

function kindOf(room) {
  if (PLATFORM.includes(room)) return 'platform';
  if (Object.hasOwn(DOMAIN_USES, room)) return 'domain';
  if (room === DEMO) return 'demo';
  if (ENTRY_POINTS.includes(room)) return 'entry';
  return undefined;
}

/** Why an import from room `from` to room `to` runs against the direction; undefined when it may. */
export function roomViolation(from, to) {
  if (from === to) return undefined;
  const fromKind = kindOf(from);
  const toKind = kindOf(to);
  if (!fromKind) return `server room "${from}" is not declared in eslint/server-rooms.js: add it to the platform or the domains`;
  if (!toKind) return `server room "${to}" is not declared in eslint/server-rooms.js: add it to the platform or the domains`;
  if (fromKind === 'entry') return undefined;
  if (toKind === 'entry') return `server/${from} must not import the composition root "${to}"; pass what it needs in instead`;
  if (toKind === 'demo') return `server/${from} must not import the demo seed; the seed sits on top and nothing depends on it`;
  if (fromKind === 'demo') return undefined;
  if (fromKind === 'platform') {
    if (toKind === 'domain') return `platform room "${from}" must not import domain "${to}"; pass a function in or move the shared piece down`;
    if (PLATFORM.indexOf(to) > PLATFORM.indexOf(from)) return `platform room "${from}" must not import "${to}", which sits above it (${PLATFORM.join(' < ')})`;
    return undefined;
  }
  // fromKind === 'domain'
  if (toKind === 'platform') return undefined;
  if (!DOMAIN_USES[from].includes(to))
    return `domain "${from}" may not import domain "${to}" (it uses ${DOMAIN_USES[from].join(', ') || 'no other domain'}); declaring the use in eslint/server-rooms.js must not close a cycle`;
  return undefined;
}

/** A cycle in the declared domain uses, as a list of rooms; undefined when there is none. */
export function cycleInDomainUses(uses = DOMAIN_USES) {
  const state = new Map();
  const path = [];
  function visit(room) {
    if (state.get(room) === 'done') return undefined;
    if (state.get(room) === 'open') return [...path.slice(path.indexOf(room)), room];
    state.set(room, 'open');
    path.push(room);
    for (const next of uses[room] ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(room, 'done');
    return undefined;
  }
  for (const room of Object.keys(uses)) {
    const found = visit(room);
    if (found) return found;
  }
  return undefined;
}

const declaredCycle = cycleInDomainUses();
if (declaredCycle) throw new Error(`eslint/server-rooms.js: the declared domain uses form a cycle: ${declaredCycle.join(' -> ')}`);
for (const [domain, uses] of Object.entries(DOMAIN_USES))
  for (const used of uses)
    if (!Object.hasOwn(DOMAIN_USES, used)) throw new Error(`eslint/server-rooms.js: domain "${domain}" uses "${used}", which is no domain`);
