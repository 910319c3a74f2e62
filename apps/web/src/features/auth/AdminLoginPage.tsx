import { MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { saveAdminSession } from '../../session/session';
import { loginAdmin, type Credentials } from './api';
import { LoginForm } from './LoginForm';

async function logInAsAdmin(credentials: Credentials): Promise<void> {
  let response;
  try {
    response = await loginAdmin(credentials);
  } catch (err) {
    throw new Error(errorMessage(err, MESSAGES.adminLoginFailed));
  }
  // A listener's valid credentials do not open the admin area; nothing is stored.
  if (response.data?.isAdmin !== true) throw new Error(MESSAGES.notAdmin);
  saveAdminSession(response.authToken, response.data);
}

/** `/adminlogin`: on success stores the admin session and goes to /adminhome. */
export default function AdminLoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <LoginForm
      title="Admin Login"
      logIn={logInAsAdmin}
      destination="/adminhome"
      onLoggedIn={onLoggedIn}
    />
  );
}
