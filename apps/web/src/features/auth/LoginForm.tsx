import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { LABELS, MESSAGES } from '@samaa/shared';
import { takeNotice } from '../../session/session';
import { queryClient } from '../../api/queryClient';
import type { Credentials } from './api';
import '../../styles/auth.css';
import { EmailField } from './EmailField';

export interface LoginFormProps {
  title: string;
  /** Logs in and stores the session; throws an Error whose message is shown. */
  logIn(credentials: Credentials): Promise<void>;
  /** Where to go on success (/home or /adminhome). */
  destination: string;
  onLoggedIn(): void;
  footer?: ReactNode;
}

/** The login form's states: idle, logging in (disabled, "Logging in..."), error or success. */
export function LoginForm({ title, logIn, destination, onLoggedIn, footer }: LoginFormProps) {
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const login = useMutation(
    {
      mutationFn: logIn,
      onSuccess: () => {
        onLoggedIn();
        navigate(destination);
      },
      onError: (err) => setError(err instanceof Error ? err.message : MESSAGES.loginFailed),
    },
    queryClient,
  );
  // Stays busy after success too, while the screen changes, as the hand-written flag did.
  const loggingIn = login.isPending || login.isSuccess;
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const text = takeNotice();
    if (text) setNotice(text);
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (loggingIn) return;
    setNotice('');
    if (!email.trim() || !password) {
      setError(MESSAGES.loginFieldsRequired);
      return;
    }
    setError('');
    login.mutate({ email: email.trim(), password });
  }

  return (
    <section className="auth" aria-labelledby={`${id}-title`}>
      <form className="form auth__form card" onSubmit={onSubmit} noValidate>
        <h1 id={`${id}-title`}>{title}</h1>
        {notice && (
          <p className="alert alert--info" role="status">
            {notice}
          </p>
        )}
        <EmailField value={email} onChange={setEmail} />
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={loggingIn}>
          {loggingIn ? LABELS.loggingIn : 'Login'}
        </button>
        {footer}
      </form>
    </section>
  );
}
