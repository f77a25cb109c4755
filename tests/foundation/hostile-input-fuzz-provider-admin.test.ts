import { describeHostileInputFrom, HOSTILE_INPUT_CALLERS } from '../support/hostile-input';

// The hostile-input fuzz of issue 12 (tests/support/hostile-input.ts) as the provider admin.
describeHostileInputFrom(HOSTILE_INPUT_CALLERS.providerAdmin);
