import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '@samaa/shared';
import { Loading } from '../../components/Loading';
import { verifyEmail } from './authApi';
import '../../styles/auth.css';

// A verification link works once; remounts (React StrictMode, back/forward) share the one request.
const attempts = new Map<string, Promise<boolean>>();

function verifyOnce(id: string, token: string): Promise<boolean> {
  const key = `${id}/${token}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = verifyEmail(id, token).then(
      (message) => message === MESSAGES.emailVerified,
      () => {
        // A failed request (e.g. offline) may be retried by opening the link again.
        attempts.delete(key);
        return false;
      },
    );
    attempts.set(key, attempt);
  }
  return attempt;
}

/** `/users/:id/verify/:token` (SPEC §2, §4): Loading..., then the success page or the failure line. */
export default function VerifyEmailPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    verifyOnce(id, token).then((verified) => {
      if (!active) return;
      if (verified) navigate('/email-verification-success', { replace: true });
      else setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [id, token, navigate]);

  if (!failed) return <Loading />;
  return (
    <section className="auth auth--centered">
      <div className="card auth__result">
        <h1>{MESSAGES.verificationFailed}</h1>
        <p className="field__hint">
          The link may have expired or been used already. Try logging in to get a new one.
        </p>
      </div>
    </section>
  );
}
