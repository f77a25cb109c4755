import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One name per domain in the file and folder names of server/, contract/ and tests/ (decision 0605, its
// glossary): the code follows the spec's screen names, the wire keeps the spec's names (API paths, export
// fields, tables), which live inside files, not in their names. Read from the tree, so a new file named the
// old way fails here.

const repository = path.join(import.meta.dirname, '..', '..');

/** The other names each domain went by, as they would show in a path. */
const OTHER_NAMES: ReadonlyArray<{ domain: string; pattern: RegExp }> = [
  // A transaction's wire shapes keep the spec's `order` (order/search, orderId, the orders table); payments are
  // the attempts within a transaction, so a payments file is named for its transactions.
  { domain: 'transactions', pattern: /(^|\/)orders?[-/.]|(^|\/)payments\.ts$/ },
  // The spec's merchant-config and vcc-merchant-configs calls are payment settings; VCC is a named part of them.
  { domain: 'payment-settings', pattern: /merchant-config|vcc-config/ },
  { domain: 'guest-checkout', pattern: /guest-payment/ },
  // The merchant home (/home) and the property roles' home (/property-management) are the home module's.
  { domain: 'home', pattern: /home-screens|dashboard|property-management/ },
];

/** Left out: table names (migrations) and the diagram tooling's generic statechart fixture (no domain). */
const LEFT_OUT = [/^server\/db\/migrations\//, /^tests\/statecharts\/fixtures\//];

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(repository, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    return statSync(path.join(repository, relative)).isDirectory() ? filesUnder(relative) : [relative];
  });
}

function pathsUnderOtherNames(paths: readonly string[]): string[] {
  return paths
    .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
    .flatMap((file) => OTHER_NAMES.filter(({ pattern }) => pattern.test(file)).map(({ domain }) => `${file} names the ${domain} domain otherwise`));
}

describe('server domain names', () => {
  it('calls each domain by its one name in the file names of server/, contract/ and tests/', () => {
    expect(pathsUnderOtherNames(['server', 'contract', 'tests'].flatMap(filesUnder))).toEqual([]);
  });

  it('finds a file named the old way, and lets the wire and database words of other rooms through', () => {
    expect(
      pathsUnderOtherNames([
        'server/orders/order-query.ts',
        'contract/merchant-config.ts',
        'contract/payments.ts',
        'tests/home/home-screens.test.ts',
        'server/transactions/payment-routes.ts',
        'contract/transaction-payments.ts',
        'server/db/transaction.ts',
        'server/db/migrations/0003-orders.ts',
        'tests/foundation/migration-order.test.ts',
      ]),
    ).toEqual([
      'server/orders/order-query.ts names the transactions domain otherwise',
      'contract/merchant-config.ts names the payment-settings domain otherwise',
      'contract/payments.ts names the transactions domain otherwise',
      'tests/home/home-screens.test.ts names the home domain otherwise',
    ]);
  });
});
