import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, PASSWORD_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { requestPasswordReset } from './api';
import { Problems } from './Problems';
import '../../styles/auth.css';
import { EmailField } from '../auth';

/** `/forgot-password`: asks for a reset link; the answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const [problem, setProblem] = useState('');
  const request = useMutation({ mutationFn: requestPasswordReset }, queryClient);
  const sending = request.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || sending) return;
    setProblem('');
    request.mutate(email.trim(), {
      onSuccess: setSent,
      onError: (err) => setProblem(errorMessage(err, MESSAGES.loginFailed)),
    });
  }

  return (
    <section className="auth" aria-labelledby={`${id}-title`}>
      <form className="form auth__form card" onSubmit={onSubmit} noValidate>
        <h1 id={`${id}-title`}>{PASSWORD_MESSAGES.forgotTitle}</h1>
        <p>{PASSWORD_MESSAGES.forgotIntro}</p>
        {sent && (
          <p className="alert alert--info" role="status">
            {sent}
          </p>
        )}
        <EmailField value={email} onChange={setEmail} />
        <Problems id={`${id}-problem`} items={problem ? [problem] : []} />
        <button type="submit" className="btn" disabled={sending}>
          {PASSWORD_MESSAGES.sendLink}
        </button>
        <p className="auth__switch">
          <Link to="/userlogin">{PASSWORD_MESSAGES.backToLogin}</Link>
        </p>
      </form>
    </section>
  );
}
