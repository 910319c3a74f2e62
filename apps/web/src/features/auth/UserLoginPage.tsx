import { Link } from 'react-router-dom';
import { MESSAGES, PASSWORD_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { saveUserSession } from '../../session/session';
import { loginUser, type Credentials } from './api';
import { LoginForm } from './LoginForm';

async function logInAsListener(credentials: Credentials): Promise<void> {
  let response;
  try {
    response = await loginUser(credentials);
  } catch (err) {
    throw new Error(errorMessage(err, MESSAGES.loginFailed));
  }
  saveUserSession(response.authToken, response.data);
}

/** `/userlogin`: on success stores the session and goes to /home. */
export default function UserLoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <LoginForm
      title="User Login"
      logIn={logInAsListener}
      destination="/home"
      onLoggedIn={onLoggedIn}
      footer={
        <>
          <p className="auth__switch">
            <Link to="/forgot-password">{PASSWORD_MESSAGES.forgotLink}</Link>
          </p>
          <p className="auth__switch">
            New here? <Link to="/userregistration">Create an account</Link>
          </p>
        </>
      }
    />
  );
}
