import { Link } from 'react-router-dom';
import { MESSAGES } from '@samaa/shared';
import '../../styles/auth.css';

/** `/email-verification-success`: the confirmation with a Login button. */
export default function VerifiedPage() {
  return (
    <section className="auth auth--centered">
      <div className="card auth__result">
        <svg className="auth__check" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1>{MESSAGES.emailVerified}</h1>
        <Link className="btn" to="/userlogin">
          Login
        </Link>
      </div>
    </section>
  );
}
