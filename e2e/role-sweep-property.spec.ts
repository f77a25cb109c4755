import { sweepRoles } from './support/role-sweep';

// Issue 32's sweep for the property side's accounts and the API account: e2e/support/role-sweep.ts.
sweepRoles('property', ['property', 'api'], 68);
