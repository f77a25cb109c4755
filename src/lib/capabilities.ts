import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { capabilityEndpoints, mayCall, type Capabilities, type PropertyCapabilities } from '../../contract/capabilities';
import type { Endpoint } from '../../contract/endpoint';
import { call } from './api-client';
import { onGrantsChanged } from './grants-version';
import { useSession } from './session/session-provider';

// The one way a screen asks what its user may do (issue 32, decision 0410): the server's answer of
// the calls they may make, and with a property, what they may do there. A screen offers an action
// only when this says yes; the server decides again on the call.

export interface CapabilityState {
  /** Whether the user may make this call (on the property, when one was named). */
  may(endpoint: Pick<Endpoint, 'id'>): boolean;
  /** What the user may do on the property named, once known. */
  property: PropertyCapabilities | null;
  /** How many merchant groups the user may add a property in (decisions 0481, 0714); 0 until known. */
  addPropertyGroupCount: number;
  /** The answer is still on its way: offer nothing yet, say nothing is refused either. */
  loading: boolean;
  /** The server refused to say (the property is outside the user's scope, or gone). */
  failed: boolean;
}

export const capabilityKeys = {
  all: ['capabilities'] as const,
  of: (userId: string, merchantId: string | null) => ['capabilities', userId, merchantId] as const,
};

export function useCapabilities(merchantId?: string | null): CapabilityState {
  const { user } = useSession();
  const client = useQueryClient();
  const answer = useQuery({
    queryKey: capabilityKeys.of(user?.userId ?? '', merchantId ?? null),
    queryFn: ({ signal }): Promise<Capabilities> => call(capabilityEndpoints.getCapabilities, { query: merchantId ? { merchantId } : {}, signal }),
    enabled: Boolean(user),
    staleTime: 60_000,
    retry: false,
    meta: { errorToast: false },
  });
  // An admin changed this user's roles or properties: what they may do changes with it.
  useEffect(() => onGrantsChanged(() => void client.invalidateQueries({ queryKey: capabilityKeys.all })), [client]);
  const data = answer.data;
  const may = data?.property ? data.property.may : data?.may;
  return {
    may: (endpoint) => mayCall(may, endpoint),
    property: data?.property ?? null,
    addPropertyGroupCount: data?.addPropertyGroupCount ?? 0,
    loading: answer.isPending && Boolean(user),
    failed: answer.isError,
  };
}
