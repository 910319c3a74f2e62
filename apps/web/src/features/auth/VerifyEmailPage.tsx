import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { MESSAGES } from '@samaa/shared';
import { queryClient } from '../../api/queryClient';
import { Loading } from '../../components/Loading';
import { verifyEmail } from './api';
import '../../styles/auth.css';

/**
 * A verification link works once: the answer is kept for the page's whole life (remounts by React
 * StrictMode or back/forward share it), except a failed request (e.g. offline), which opening
 * the link again retries.
 */
function useVerification(id: string, token: string) {
  return useQuery(
    {
      queryKey: ['verify-email', id, token],
      queryFn: async () => (await verifyEmail(id, token)) === MESSAGES.emailVerified,
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
    },
    queryClient,
  );
}

/** `/users/:id/verify/:token`: Loading..., then the success page or the failure line. */
export default function VerifyEmailPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const verification = useVerification(id, token);
  const failed = verification.data === false || verification.isError;

  useEffect(() => {
    if (verification.data) navigate('/email-verification-success', { replace: true });
  }, [verification.data, navigate]);

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
