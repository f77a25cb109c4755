import { sweepRoles } from './support/role-sweep';

// Issue 32's sweep for provider staff (and the accounts no side claims): e2e/support/role-sweep.ts.
sweepRoles('provider', ['provider', 'other'], 66);
