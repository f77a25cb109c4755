import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, type BaseSyntheticEvent } from 'react';
import {
  useForm as useHookForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { fieldErrorsOf } from './problem-errors';

// Every form in src/ starts here (decision 0400): react-hook-form checks the values with the
// contract's zod schema before anything is sent, the server's field errors land on the same fields
// (one mapping, problem-errors.ts), and a submit sends once however often it is clicked.

export interface KitFormOptions<Input extends FieldValues, Output> extends Omit<UseFormProps<Input, unknown, Output>, 'resolver' | 'defaultValues'> {
  /** The contract's schema of what the form sends (classic zod or zod/mini): its messages are the fields' errors. */
  schema: $ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  /**
   * The failure of the form's request (a mutation's `error`): each field the problem JSON names gets
   * its message, until the user changes that field or sends again.
   */
  serverError?: unknown;
}

export type KitForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  /**
   * The form's onSubmit: checks the values, then hands them to `onValid`. While `onValid`'s promise
   * runs (or a check is under way), another submit does nothing, so a double click sends once.
   */
  submit: (onValid: SubmitHandler<Output>) => (event?: BaseSyntheticEvent) => Promise<void>;
};

export function useForm<Input extends FieldValues, Output = Input>(options: KitFormOptions<Input, Output>): KitForm<Input, Output> {
  const { schema, serverError, ...rest } = options;
  const form = useHookForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...rest,
    resolver: zodResolver(schema as never) as unknown as UseFormProps<Input, unknown, Output>['resolver'],
  });

  const { setError } = form;
  useEffect(() => {
    for (const [name, message] of Object.entries(fieldErrorsOf(serverError))) setError(name as Path<Input>, { type: 'server', message });
  }, [serverError, setError]);

  const guard = useRef(createSubmitGuard()).current;
  const { handleSubmit } = form;
  const submit = useCallback(
    (onValid: SubmitHandler<Output>) => async (event?: BaseSyntheticEvent) => {
      // The event is the browser's now, not after a wait: a refused second submit must not reload the page.
      event?.preventDefault();
      await guard(() => handleSubmit(onValid)(event));
    },
    [guard, handleSubmit],
  );
  return Object.assign(form, { submit });
}

/**
 * Runs one submit at a time: a submit that arrives while the previous one's checks or request run is
 * dropped (answers false). A click reaches the form before React has re-rendered its button as busy,
 * so the button's `pending` alone cannot stop the second click of a double click.
 */
export function createSubmitGuard(): (send: () => Promise<unknown>) => Promise<boolean> {
  let busy = false;
  return async (send) => {
    if (busy) return false;
    busy = true;
    try {
      await send();
      return true;
    } finally {
      busy = false;
    }
  };
}
