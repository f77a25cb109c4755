import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm as useHookForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../lib/failure-message';
import { Button, buttonClass } from './button';
import { Field } from './field';
import { fieldErrorsOf, problemDetailOf } from './problem-errors';
import { createSubmitGuard } from './use-form';

// The kit's parts that hold without a browser: the one reading of a problem's field errors, the
// submit guard, a Field that finds its error in the form, and a pending Button.

const problem = (body: unknown, status = 400) => new ResponseError('refused', status, body);

describe('fieldErrorsOf', () => {
  it('keys the first message of each field by the form field name, without the validator\'s "body." prefix', () => {
    const error = problem({ title: 'Bad Request', errors: { 'body.email': ['enter a valid e-mail address', 'second'], 'fees.0.amount': ['too large'] } });
    expect(fieldErrorsOf(error)).toEqual({ email: 'enter a valid e-mail address', 'fees.0.amount': 'too large' });
  });

  it('reads nothing from a failure that is not a problem with field errors', () => {
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
    expect(fieldErrorsOf(problem({ detail: 'no' }))).toEqual({});
    expect(fieldErrorsOf(problem({ errors: ['a list, not fields'] }))).toEqual({});
    expect(fieldErrorsOf(undefined)).toEqual({});
  });

  it('keeps the field the server named without the prefix when it names both', () => {
    expect(fieldErrorsOf(problem({ errors: { name: ['plain'], 'body.name': ['prefixed'] } }))).toEqual({ name: 'plain' });
  });
});

describe('problemDetailOf', () => {
  it("gives the problem's sentence, else the error's message", () => {
    expect(problemDetailOf(problem({ detail: 'The user was changed by someone else.' }))).toBe('The user was changed by someone else.');
    expect(problemDetailOf(new Error('offline'))).toBe('offline');
    expect(problemDetailOf(null)).toBeNull();
  });
});

describe('createSubmitGuard', () => {
  it('runs a second submit only once the first has finished', async () => {
    const guard = createSubmitGuard();
    let finish: () => void = () => undefined;
    let runs = 0;
    const send = () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const first = guard(send);
    const second = guard(send);
    expect(runs).toBe(1);
    expect(await second).toBe(false);
    finish();
    expect(await first).toBe(true);
    const third = guard(send);
    finish();
    expect(await third).toBe(true);
    expect(runs).toBe(2);
  });

  it('lets the form be sent again after a submit that failed', async () => {
    const guard = createSubmitGuard();
    await expect(guard(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await guard(() => Promise.resolve())).toBe(true);
  });
});

/** A form whose `email` field carries the given error, as the schema or the server would set it. */
function FormWithError(props: { message?: string; children: ReactNode }) {
  const form = useHookForm<{ email: string }>({
    defaultValues: { email: '' },
    errors: props.message ? { email: { type: 'server', message: props.message } } : {},
  });
  return createElement(FormProvider<{ email: string }>, { ...form, children: props.children });
}

describe('Field in a kit form', () => {
  const field = createElement(Field, { label: 'E-mail', name: 'email', children: (control) => createElement('input', control) });

  it("shows the form's error for its name and marks the control invalid", () => {
    const html = renderToStaticMarkup(createElement(FormWithError, { message: 'enter a valid e-mail address', children: field }));
    expect(html).toContain('enter a valid e-mail address');
    expect(html).toContain('aria-invalid="true"');
  });

  it('shows nothing while the field is fine', () => {
    const html = renderToStaticMarkup(createElement(FormWithError, { children: field }));
    expect(html).not.toContain('aria-invalid');
  });
});

describe('Button', () => {
  it('is a plain button unless it is said to submit', () => {
    expect(renderToStaticMarkup(createElement(Button, null, 'Save'))).toContain('type="button"');
    expect(renderToStaticMarkup(createElement(Button, { type: 'submit' }, 'Save'))).toContain('type="submit"');
  });

  it('while pending is disabled, marked busy and says what it is doing', () => {
    const html = renderToStaticMarkup(createElement(Button, { type: 'submit', pending: true, pendingLabel: 'Saving…' }, 'Save'));
    expect(html).toMatch(/<button[^>]* disabled=""/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Saving…');
    expect(html).not.toContain('>Save<');
  });

  it('looks like what it does', () => {
    expect(buttonClass('danger')).toContain('bg-red-700');
    expect(buttonClass('primary')).toContain('bg-brand');
    expect(buttonClass('secondary', 'sm')).toContain('border-slate-300');
  });
});
