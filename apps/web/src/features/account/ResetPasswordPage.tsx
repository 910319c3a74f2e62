import { Link, useParams } from 'react-router-dom';
import { PASSWORD_MESSAGES } from '@samaa/shared';
import { resetPassword } from './api';
import { NewPasswordForm } from './NewPasswordForm';

/** `/reset-password/:id/:token`: the page a reset mail links to. */
export default function ResetPasswordPage() {
  const { id = '', token = '' } = useParams();
  return (
    <NewPasswordForm
      title={PASSWORD_MESSAGES.resetTitle}
      save={(_current, password) => resetPassword(id, token, password)}
      footer={
        <p className="auth__switch">
          <Link to="/userlogin">{PASSWORD_MESSAGES.backToLogin}</Link>
        </p>
      }
    />
  );
}
