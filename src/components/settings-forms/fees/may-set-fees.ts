import { useApiAllows } from '../../../lib/use-api-allows';

/** Whether the signed-in user may set fees (Insert on Fees in the permission table); the server checks it again. */
export function useMaySetFees(): boolean {
  return useApiAllows()({ resource: 'Fees', action: 'Insert' });
}
