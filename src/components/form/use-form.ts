import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, type BaseSyntheticEvent } from 'react';
import {
  useForm as useHookForm,
  set,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { fieldErrorsOf, wordFaults, type FaultWords, type FieldFault } from './problem-errors';

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
  /**
   * The form's own words for a fault of the schema or the server (an i18n key per issue code, a list
   * item's fault at its list's input). Without it each field shows the contract's or the server's message.
   */
  words?: FaultWords;
}

export type KitForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  /**
   * The form's onSubmit: checks the values, then hands them to `onValid`. While `onValid`'s promise
   * runs (or a check is under way), another submit does nothing, so a double click sends once.
   */
  submit: (onValid: SubmitHandler<Output>) => (event?: BaseSyntheticEvent) => Promise<void>;
};

export function useForm<Input extends FieldValues, Output = Input>(options: KitFormOptions<Input, Output>): KitForm<Input, Output> {
  const { schema, serverError, words, ...rest } = options;
  // The form's words are read when a check runs, so a new function each render does not make a new resolver.
  const wordsNow = useRef(words);
  wordsNow.current = words;
  const resolver = useMemo(() => kitResolver<Input, Output>(schema, () => wordsNow.current), [schema]);
  const form = useHookForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...rest,
    resolver,
  });

  const { setError, getValues } = form;
  useEffect(() => {
    const faults = Object.entries(fieldErrorsOf(serverError)).map(([path, message]): FieldFault => ({ path, type: 'server', message }));
    const placed = wordsNow.current ? wordFaults(faults, wordsNow.current, getValues()) : Object.fromEntries(faults.map((fault) => [fault.path, fault]));
    for (const [name, fault] of Object.entries(placed)) setError(name as Path<Input>, { type: 'server', message: fault.message });
  }, [serverError, setError, getValues]);

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
 * The kit's check of a form's values: zodResolver over the schema, each field's first fault in the
 * form's words when it has words (read at each check), as the schema said it otherwise.
 */
export function kitResolver<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  words: () => FaultWords | undefined,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const say = words();
    if (!say || Object.keys(result.errors).length === 0) return result;
    const errors: FieldErrors<Input> = {};
    for (const [field, fault] of Object.entries(wordFaults(faultsIn(result.errors), say, values)))
      set(errors, field, { type: fault.type, message: fault.message });
    return { values: {}, errors };
  };
}

/** The resolver's nested field errors as a list of faults, each at its dotted path. */
function faultsIn(errors: object, prefix = ''): FieldFault[] {
  return Object.entries(errors).flatMap(([key, error]: [string, unknown]): FieldFault[] => {
    if (!error || typeof error !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const { type, message } = error as { type?: unknown; message?: unknown };
    if (typeof message === 'string' && typeof type === 'string') return [{ path, type, message }];
    return faultsIn(error, path);
  });
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
