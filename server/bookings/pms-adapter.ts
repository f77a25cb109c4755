import { randomUUID } from 'node:crypto';
import type { PmsIntegration } from '../../contract/bookings';

/**
 * What the back office needs from a hotel's PMS (decision 0212): post a charge to a booking's
 * folio. A real adapter per integration (OWS, Cendyn, OraclePI) speaks that system's API; the demo
 * one below stands in for all of them. The exchange comes back whole (both bodies), so the caller
 * can keep it in the booking's log.
 */
export interface PmsAdapter {
  postCharge(request: PmsChargeRequest): Promise<PmsExchange>;
}

export interface PmsChargeRequest {
  integration: Exclude<PmsIntegration, 'None'>;
  bookingReference: string;
  amountMinor: number;
  currency: string;
  description: string;
}

export interface PmsExchange {
  outcome: 'Posted' | 'Rejected';
  pmsReference: string | null;
  httpStatus: number;
  requestBody: string;
  responseBody: string;
}

/** Demo test amount: a charge whose amount ends in 99 minor units (e.g. 10.99) is rejected (the folio is closed). */
export const DEMO_REJECTED_CHARGE_SUFFIX = 99;

/** The demo PMS: deterministic; answers like a folio service would, with the bodies it received and sent. */
export function demoPms(): PmsAdapter {
  return {
    async postCharge(request) {
      const requestBody = JSON.stringify(
        {
          integration: request.integration,
          reservation: request.bookingReference,
          folioCharge: { amount: request.amountMinor, currency: request.currency, description: request.description },
        },
        null,
        2,
      );
      if (request.amountMinor % 100 === DEMO_REJECTED_CHARGE_SUFFIX)
        return {
          outcome: 'Rejected',
          pmsReference: null,
          httpStatus: 422,
          requestBody,
          responseBody: JSON.stringify(
            { error: 'FOLIO_CLOSED', message: 'the folio of this reservation is closed (demo PMS test amount ending in 99)' },
            null,
            2,
          ),
        };
      const pmsReference = `demo-pms-${randomUUID()}`;
      return {
        outcome: 'Posted',
        pmsReference,
        httpStatus: 201,
        requestBody,
        responseBody: JSON.stringify({ posted: true, folioLineId: pmsReference }, null, 2),
      };
    },
  };
}
