import type { SignInFields } from '@storedesk/shared/auth/sign-in-fields';
import { signInProblems } from '@storedesk/shared/auth/sign-in-fields';
import type { ChangeEvent, FormEvent, RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';

type Field = keyof SignInFields;
const fields: readonly Field[] = ['email', 'password'];

/** What a field's input takes: its name, value handlers and element, and the message under it. */
export type SignInFieldProps = {
  name: Field;
  ref: RefObject<HTMLInputElement | null>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string | undefined;
};

/**
 * The sign-in form's state, checked with the shared rule as it is typed (ADR 0094): the first screen
 * most people see needs neither react-hook-form nor zod. It behaves as the console's other forms:
 * a field's message shows once it has been left (then follows each keystroke), a message the
 * server gave a field stays until that field changes, and an unfinished form sent anyway (the
 * disabled button keeps Enter from it) shows every message and moves to the first field that has one. The inputs are left to the browser (not
 * controlled), so what someone typed before the page's code arrived is kept and counted.
 */
export function useSignInForm() {
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const [values, setValues] = useState<SignInFields>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const problems = signInProblems(values);

  // Typed (or filled in by a password manager) into the prerendered inputs before the code arrived:
  // the form starts from it. The browser's inputs are the outside system this reads once, when they
  // first belong to the page; nothing renders in between, so no render cascades.
  useEffect(() => {
    const typed = { email: refs.email.current?.value ?? '', password: refs.password.current?.value ?? '' };
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed.email || typed.password) setValues(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const messageOf = (field: Field) => serverErrors[field] ?? (touched[field] ? problems[field] : undefined);

  const field = (name: Field): SignInFieldProps => ({
    name,
    ref: refs[name],
    onChange: (event) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setServerErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    error: messageOf(name) !== undefined,
    helperText: messageOf(name),
  });

  /** The form's submit handler: sends the values when they pass the rule. */
  const handleSubmit = (send: (values: SignInFields) => void) => (event: FormEvent) => {
    event.preventDefault();
    const first = fields.find((name) => problems[name]);
    if (first) {
      setTouched({ email: true, password: true });
      refs[first].current?.focus();
      return;
    }
    send({ email: values.email.trim(), password: values.password });
  };

  return {
    field,
    handleSubmit,
    /** The values as sent: the email trimmed, the password as typed. */
    values: { email: values.email.trim(), password: values.password },
    isValid: Object.keys(problems).length === 0,
    /** Messages the server gave fields; each shows until its field changes. */
    setServerErrors: (messages: Partial<Record<Field, string>>) => setServerErrors(messages),
  };
}
