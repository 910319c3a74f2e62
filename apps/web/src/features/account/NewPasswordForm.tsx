import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MESSAGES } from '@samaa/shared';
import { errorMessage } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { newPasswordProblems } from './newPasswordProblems';
import { PasswordField } from './PasswordField';
import { Problems } from './Problems';
import '../../styles/auth.css';

/**
 * A new password twice (and the current one when `withCurrent`): every broken rule is listed
 * before anything is sent; `save` throws for the server's refusal, whose message is shown.
 */
export function NewPasswordForm(props: {
  title: string;
  withCurrent?: boolean;
  save(current: string, password: string): Promise<string>;
  footer?: ReactNode;
}) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState('');
  const saveMutation = useMutation(
    { mutationFn: ({ current, password }: { current: string; password: string }) => props.save(current, password) },
    queryClient,
  );
  const saving = saveMutation.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordProblems(password, confirmation);
    setProblems(found);
    if (found.length > 0 || saving) return;
    saveMutation.mutate(
      { current, password },
      {
        onSuccess: (message) => {
          setDone(message);
          setCurrent('');
          setPassword('');
          setConfirmation('');
        },
        onError: (err) => setProblems([errorMessage(err, PASSWORD_MESSAGES.invalidResetLink)]),
      },
    );
  }

  return (
    <section className="auth" aria-labelledby={`${id}-title`}>
      <form className="form auth__form card" onSubmit={onSubmit} noValidate>
        <h1 id={`${id}-title`}>{props.title}</h1>
        {done && (
          <p className="alert alert--info" role="status">
            {done}
          </p>
        )}
        {props.withCurrent && (
          <PasswordField
            label={PASSWORD_MESSAGES.currentLabel}
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
          />
        )}
        <PasswordField
          label={PASSWORD_MESSAGES.newLabel}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          describedBy={`${id}-problems`}
        />
        <PasswordField
          label={PASSWORD_MESSAGES.confirmLabel}
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        <Problems id={`${id}-problems`} items={problems} />
        <button type="submit" className="btn" disabled={saving}>
          {PASSWORD_MESSAGES.save}
        </button>
        {props.footer}
      </form>
    </section>
  );
}
