import { sweepRoles } from './support/role-sweep';

// Issue 32's sweep for the merchant side's accounts: e2e/support/role-sweep.ts.
sweepRoles('merchant', ['merchant'], 67);
