import { queryOptions } from '@tanstack/react-query';
import { twoStepEndpoints } from '../../../contract/two-step';
import { call } from '../../lib/api-client';

export const accountKeys = {
  twoStep: ['account', 'two-step'] as const,
  signInPolicy: ['account', 'sign-in-policy'] as const,
};

export const twoStepStatusQuery = () => queryOptions({ queryKey: accountKeys.twoStep, queryFn: ({ signal }) => call(twoStepEndpoints.getTwoStep, { signal }) });

/** The secret as an authenticator app shows it: groups of four, easier to type. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
