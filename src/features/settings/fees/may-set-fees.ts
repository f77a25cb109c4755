import { feeEndpoints } from '../../../../contract/fees';
import { useCapabilities } from '../../../lib/capabilities';

/** Whether the signed-in user may set fees (the server's capabilities answer); the server checks it again. */
export function useMaySetFees(): boolean {
  return useCapabilities().may(feeEndpoints.createFeeSchedule);
}
