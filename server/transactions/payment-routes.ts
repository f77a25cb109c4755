import type { FastifyInstance } from 'fastify';
import { paymentEndpoints } from '../../contract/transaction-payments';
import type { AnyCaller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { demoAcquirer, type Acquirer } from './acquirer';
import type { OrderLinkColumn } from './transaction-links';
import { authorizeOrder, cancelOrder, captureOrder, orderDetail, updateReferenceNo, voidAuthorization } from './transaction-payment';

const {
  getOrder,
  authorizeOrder: authorizeEndpoint,
  captureAuthorization,
  voidAuthorization: voidEndpoint,
  cancelOrder: cancelEndpoint,
  updateReferenceNo: updateReferenceEndpoint,
} = paymentEndpoints;

async function detailOrNotFound(db: Db, id: number, caller: AnyCaller, merchantId: string | undefined, link: OrderLinkColumn) {
  const detail = await orderDetail(db, id, caller, merchantId, link);
  if (!detail) throw problems.notFound(`order ${id} not found`);
  return detail;
}

/** Spec 7 "Orders" detail and "Payments": one order, its timeline, and the actions on it (decision 0205). */
export function registerPaymentRoutes(
  app: FastifyInstance,
  link: OrderLinkColumn,
  acquirer: Acquirer = demoAcquirer(app.ctx.config.demoAcquirerLatencyMs),
): void {
  registerEndpoint(app, getOrder, async ({ params, caller, merchantId, ctx }) => detailOrNotFound(ctx.db, params.id, caller, merchantId, link));

  registerEndpoint(app, authorizeEndpoint, async ({ body, caller, merchantId, ctx }) => {
    await authorizeOrder(ctx.db, acquirer, caller, merchantId, body);
    return detailOrNotFound(ctx.db, body.orderId, caller, merchantId, link);
  });

  registerEndpoint(app, captureAuthorization, async ({ body, caller, merchantId, ctx }) => {
    await captureOrder(ctx.db, acquirer, caller, merchantId, body);
    return detailOrNotFound(ctx.db, body.orderId, caller, merchantId, link);
  });

  registerEndpoint(app, voidEndpoint, async ({ body, caller, merchantId, ctx }) => {
    await voidAuthorization(ctx.db, acquirer, caller, merchantId, body.orderId);
    return detailOrNotFound(ctx.db, body.orderId, caller, merchantId, link);
  });

  registerEndpoint(app, cancelEndpoint, async ({ params, body, caller, merchantId, ctx }) => {
    await cancelOrder(ctx.db, acquirer, caller, merchantId, params.id, body.reason);
    return detailOrNotFound(ctx.db, params.id, caller, merchantId, link);
  });

  registerEndpoint(app, updateReferenceEndpoint, async ({ body, caller, merchantId, ctx }) => {
    await updateReferenceNo(ctx.db, caller, merchantId, body.orderId, body.referenceNo);
    return detailOrNotFound(ctx.db, body.orderId, caller, merchantId, link);
  });
}
