import { sql } from 'kysely';
import type { PayoutEmails } from '../../contract/settings/payout-emails';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import type { Mail } from '../mail/mailer';
import { formatMinor } from '../mail/money-text';
import { effectiveSettingsOf } from '../settings/settings-store';

// Payout statements (decision 0700): when the bank has paid or refused a payout, its property's payout e-mail
// recipients (the payout e-mails settings page: to, cc and bcc, the property's own else its group's) get what
// happened, the period, what the payout holds and the account it went to. Sent after the settlement commits, one
// e-mail per address (a bcc address is not shown to the others). A property with no recipients gets none.

/** A settled payout with what its lines hold, by kind: typed from the schema, the computed columns as text (decision 0610). */
type SettledPayout = ColumnsOf<'payouts', 'id' | 'reference' | 'merchant_id'> &
  ColumnsOf<'merchants', 'merchant_group_id'> & {
    status: 'Paid' | 'Failed';
    /** `trim(p.currency)`. */
    currency: string;
    /** The merchant's name. */
    property: ColumnOf<'merchants', 'name'>;
    /** `to_char(..., 'YYYY-MM-DD')`. */
    period_start: string;
    period_end: string;
    /** Sums of the lines of each kind, in minor units, as text. */
    captures: string;
    refunds: string;
    fees: string;
    carried: string;
    /** The last attempt's error. */
    error: ColumnOf<'payout_attempts', 'error'>;
  };

/** The last four characters of an account number, as a bank statement shows them; nothing when none is saved. */
const accountEnd = (accountNumber: string) => (accountNumber.replace(/\s/g, '').length >= 4 ? accountNumber.replace(/\s/g, '').slice(-4) : null);

export function statementOf(payout: SettledPayout, accountNumber: string): Pick<Mail, 'subject' | 'text'> {
  const money = (minor: string) => formatMinor(Number(minor), payout.currency);
  const net = Number(payout.captures) + Number(payout.refunds) + Number(payout.fees) + Number(payout.carried);
  const account = accountEnd(accountNumber);
  const breakdown = [
    payout.period_start === payout.period_end ? `Day: ${payout.period_start} (UTC)` : `Period: ${payout.period_start} to ${payout.period_end} (UTC days)`,
    `Guest payments: ${money(payout.captures)}`,
    `Refunds: ${money(payout.refunds)}`,
    `Fees: ${money(payout.fees)}`,
    ...(Number(payout.carried) !== 0 ? [`Balance carried: ${money(payout.carried)}`] : []),
    `Paid out: ${formatMinor(net, payout.currency)}`,
  ];
  if (payout.status === 'Paid')
    return {
      subject: `Payout ${payout.reference} paid: ${formatMinor(net, payout.currency)} for ${payout.property}`,
      text: [
        `Folio has paid out ${formatMinor(net, payout.currency)} for ${payout.property}${account ? ` to the account ending in ${account}` : ''}.`,
        '',
        `Payout ${payout.reference}`,
        ...breakdown,
        '',
        'The payout and its settlement lines are on the Payouts page of the back office.',
      ].join('\n'),
    };
  return {
    subject: `Payout ${payout.reference} failed: ${formatMinor(net, payout.currency)} for ${payout.property}`,
    text: [
      `The bank refused payout ${payout.reference} of ${formatMinor(net, payout.currency)} for ${payout.property}${account ? ` to the account ending in ${account}` : ''}.`,
      payout.error ? `The bank said: ${payout.error}` : '',
      '',
      ...breakdown,
      '',
      "Check the account in the property's payout settings. The payout stays on the Payouts page, where Folio's staff can retry it.",
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
  };
}

/** The e-mails of these payouts' statements: one per recipient address of each payout's property. */
export async function payoutStatementMails(db: Db, payoutIds: readonly string[]): Promise<Mail[]> {
  if (payoutIds.length === 0) return [];
  const payouts = await sql<SettledPayout>`
    SELECT p.id, p.reference, p.status, trim(p.currency) AS currency, p.merchant_id, m.merchant_group_id, m.name AS property,
      to_char(p.period_start, 'YYYY-MM-DD') AS period_start, to_char(p.period_end, 'YYYY-MM-DD') AS period_end,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Capture'), 0)::text AS captures,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Refund'), 0)::text AS refunds,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Fee'), 0)::text AS fees,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'CarriedBalance'), 0)::text AS carried,
      (SELECT a.error FROM payout_attempts a WHERE a.payout_id = p.id ORDER BY a.attempt_no DESC LIMIT 1) AS error
    FROM payouts p JOIN merchants m ON m.id = p.merchant_id LEFT JOIN payout_lines l ON l.payout_id = p.id
    WHERE p.id IN (${sql.join(payoutIds.map((id) => sql`${id}::uuid`))}) AND p.status IN ('Paid', 'Failed')
    GROUP BY p.id, m.merchant_group_id, m.name
    ORDER BY p.reference`.execute(db);
  const mails: Mail[] = [];
  for (const payout of payouts.rows) {
    const recipients: PayoutEmails = await effectiveSettingsOf(db, payout.merchant_group_id, payout.merchant_id, 'payout-emails');
    const addresses = [...new Set([...recipients.to, ...recipients.cc, ...recipients.bcc])];
    if (addresses.length === 0) continue;
    const statement = statementOf(payout, (await effectiveSettingsOf(db, payout.merchant_group_id, payout.merchant_id, 'payout')).accountNumber);
    for (const to of addresses) mails.push({ to, ...statement });
  }
  return mails;
}

/** Sends the statements of payouts a settlement has just committed; a failure is logged, never undoes the settlement. */
export async function sendPayoutStatements(ctx: AppContext, payoutIds: readonly string[]): Promise<void> {
  try {
    for (const mail of await payoutStatementMails(ctx.db, payoutIds)) await ctx.mailer.send(mail);
  } catch (error) {
    ctx.log.error({ err: error }, 'payout statements not sent');
  }
}
