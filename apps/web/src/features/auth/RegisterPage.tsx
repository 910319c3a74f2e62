import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { LABELS, MESSAGES, type User } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { registerUser } from './api';
import {
  EMPTY_REGISTRATION,
  GENDER_OPTIONS,
  validateRegistration,
  type RegistrationField,
  type RegistrationValues,
} from './registrationForm';
import '../../styles/auth.css';

type Result = { kind: 'success' | 'error'; text: string } | null;

const FIELDS: RegistrationField[] = ['name', 'email', 'password', 'gender'];
const NONE_TOUCHED = { name: false, email: false, password: false, gender: false };

/** `/userregistration`: per-field errors on blur and on submit, then the server's message. */
export default function RegisterPage() {
  const id = useId();
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [touched, setTouched] = useState<Record<RegistrationField, boolean>>(NONE_TOUCHED);
  const [result, setResult] = useState<Result>(null);
  const registration = useMutation({ mutationFn: registerUser }, queryClient);
  const submitting = registration.isPending;

  const errors = validateRegistration(values);
  const visibleError = (field: RegistrationField) => (touched[field] ? errors[field] : undefined);

  const update = (field: RegistrationField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const touch = (field: RegistrationField) => () => setTouched((t) => ({ ...t, [field]: true }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setTouched({ name: true, email: true, password: true, gender: true });
    setResult(null);
    if (FIELDS.some((field) => errors[field])) return;
    registration.mutate({ ...values, name: values.name.trim(), email: values.email.trim() } as User, {
      onSuccess: (message) => {
        setResult({ kind: 'success', text: message });
        setValues(EMPTY_REGISTRATION);
        setTouched(NONE_TOUCHED);
      },
      onError: (err) => setResult({ kind: 'error', text: errorMessage(err, MESSAGES.formFailed) }),
    });
  }

  const fieldProps = (field: RegistrationField) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: update(field),
    onBlur: touch(field),
    'aria-invalid': Boolean(visibleError(field)),
    'aria-describedby': visibleError(field) ? `${id}-${field}-error` : undefined,
  });

  const errorLine = (field: RegistrationField) => {
    const messages = visibleError(field);
    if (!messages?.length) return null;
    return messages.length === 1 ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {messages[0]}
      </p>
    ) : (
      <ul className="field__error field__error--list" id={`${id}-${field}-error`}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  };

  return (
    <section className="auth" aria-labelledby={`${id}-title`}>
      <form className="form auth__form card" onSubmit={onSubmit} noValidate>
        <h1 id={`${id}-title`}>Sign Up</h1>
        <p className="auth__note">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path
              d="M10 9v5M10 6.2v.1"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          {LABELS.gmailNote}
        </p>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input type="text" autoComplete="name" {...fieldProps('name')} />
          {errorLine('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input type="email" autoComplete="email" {...fieldProps('email')} />
          {errorLine('email')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input type="password" autoComplete="new-password" {...fieldProps('password')} />
          {errorLine('password')}
          {!visibleError('password') && (
            <p className="field__hint">
              8 to 26 characters with a lower-case and an upper-case letter, a number and a symbol.
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-gender`}>Gender</label>
          <select {...fieldProps('gender')}>
            <option value="">Select your gender</option>
            {GENDER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errorLine('gender')}
        </div>
        {result && (
          <p
            className={`alert alert--${result.kind}`}
            role={result.kind === 'error' ? 'alert' : 'status'}
          >
            {result.text}
          </p>
        )}
        {/* Pressing the button must not blur the field first: the blur shows that field's
            messages, the button moves down under the pointer and the click would be lost. */}
        <button type="submit" className="btn" disabled={submitting} onMouseDown={(event) => event.preventDefault()}>
          {submitting ? LABELS.registering : 'Sign Up'}
        </button>
        <p className="auth__switch">
          Already registered? <Link to="/userlogin">Log in</Link>
        </p>
      </form>
    </section>
  );
}
