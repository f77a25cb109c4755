import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

// The one pattern for a button that changes something on the server (issue 11): while its request
// is under way the action does nothing more (a double click acts once) and its button shows it is
// busy; each new action is one user intent with its own idempotency key, which money calls send
// (decision 0200). Failures reach the spec 8 error toast through the query client.

export interface ActionInput<TVariables> {
  variables: TVariables;
  /** One per user intent: the same action sent again (a network retry) keeps it. */
  idempotencyKey: string;
}

export type ActionMutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, ActionInput<TVariables>>, 'mutationFn'> & {
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

export function useActionMutation<TData, TVariables = void>(options: ActionMutationOptions<TData, TVariables>) {
  const { mutationFn, ...rest } = options;
  const mutation = useMutation({ ...rest, mutationFn: (input: ActionInput<TVariables>) => mutationFn(input.variables, input.idempotencyKey) });
  // React re-renders the disabled button only after the mutation's state reaches it (TanStack Query
  // notifies on the next tick), so a second click of a double click would still get through: this
  // flag is set at once, in the click itself.
  const inFlight = useRef(false);
  const { mutate } = mutation;
  const act = useCallback(
    (variables: TVariables) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate({ variables, idempotencyKey: crypto.randomUUID() }, { onSettled: () => void (inFlight.current = false) });
    },
    [mutate],
  );
  /**
   * `act` for a form of the kit (src/components/form/use-form.ts): the promise settles when the
   * request has, so the form's submit waits for it and a second submit meanwhile sends nothing.
   * A failure is not thrown: it is the mutation's `error`, as with `act`.
   */
  const send = useCallback(
    (variables: TVariables) =>
      new Promise<void>((resolve) => {
        if (inFlight.current) return resolve();
        inFlight.current = true;
        mutate(
          { variables, idempotencyKey: crypto.randomUUID() },
          {
            onSettled: () => {
              inFlight.current = false;
              resolve();
            },
          },
        );
      }),
    [mutate],
  );
  return { ...mutation, act, send, pending: mutation.isPending };
}
