import { PASSWORD_MESSAGES } from '@samaa/shared';
import { getStoredUser, saveUserSession } from '../../session/session';
import { changePassword } from './api';
import { NewPasswordForm } from './NewPasswordForm';

/** `/account/password`: the signed-in listener changes their password; other sessions end. */
export default function ChangePasswordPage() {
  async function save(current: string, password: string) {
    const { message, authToken } = await changePassword(current, password);
    const user = getStoredUser();
    if (user) saveUserSession(authToken, user);
    return message;
  }
  return <NewPasswordForm title={PASSWORD_MESSAGES.changeTitle} withCurrent save={save} />;
}
