import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, STORAGE_KEYS } from '@samaa/shared';
import { mockApi, TEST_USER, type ApiMock } from '../../test/apiMock';
import { renderWithRouter } from '../../test/renderWithRouter';
import ChangePasswordPage from './ChangePasswordPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

let mock: ApiMock | undefined;
afterEach(() => {
  mock?.restore();
  localStorage.clear();
});

const NEW = 'N3w!Passw0rd';

async function fill(fields: Record<string, string>, button: string) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields))
    await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('ChangePasswordPage', () => {
  it('lists every broken rule and a mismatch before sending anything', async () => {
    mock = mockApi();
    renderWithRouter(<ChangePasswordPage />);
    await fill(
      {
        [PASSWORD_MESSAGES.currentLabel]: 'Old!pass1',
        [PASSWORD_MESSAGES.newLabel]: 'abc',
        [PASSWORD_MESSAGES.confirmLabel]: 'abd',
      },
      PASSWORD_MESSAGES.save,
    );
    const problems = within(await screen.findByRole('alert'));
    expect(problems).toEqual([
      'Password should be at least 8 characters long',
      'Password should contain at least 1 upper-cased letter',
      'Password should contain at least 1 number',
      'Password should contain at least 1 symbol',
      PASSWORD_MESSAGES.mismatch,
    ]);
    expect(mock.calls).toHaveLength(0);
  });

  it('sends the current and new password, keeps this session with the fresh token, and says so', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(TEST_USER));
    localStorage.setItem(STORAGE_KEYS.userAuthToken, 'old-token');
    mock = mockApi({
      'PUT /account/password': [
        200,
        { message: PASSWORD_MESSAGES.changed, authToken: 'new-token' },
      ],
    });
    renderWithRouter(<ChangePasswordPage />);
    await fill(
      {
        [PASSWORD_MESSAGES.currentLabel]: 'Old!pass1',
        [PASSWORD_MESSAGES.newLabel]: NEW,
        [PASSWORD_MESSAGES.confirmLabel]: NEW,
      },
      PASSWORD_MESSAGES.save,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_MESSAGES.changed);
    expect(mock.callsTo('PUT /account/password')[0]!.body).toEqual({
      currentPassword: 'Old!pass1',
      newPassword: NEW,
    });
    expect(localStorage.getItem(STORAGE_KEYS.userAuthToken)).toBe('new-token');
  });

  it("shows the server's refusal", async () => {
    mock = mockApi({ 'PUT /account/password': [400, { message: PASSWORD_MESSAGES.wrongCurrent }] });
    renderWithRouter(<ChangePasswordPage />);
    await fill(
      {
        [PASSWORD_MESSAGES.currentLabel]: 'Wrong!pass1',
        [PASSWORD_MESSAGES.newLabel]: NEW,
        [PASSWORD_MESSAGES.confirmLabel]: NEW,
      },
      PASSWORD_MESSAGES.save,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_MESSAGES.wrongCurrent);
  });
});

describe('ForgotPasswordPage and ResetPasswordPage', () => {
  it('asks for a link and shows the neutral answer', async () => {
    mock = mockApi({
      'POST /account/password/forgot': [200, { message: PASSWORD_MESSAGES.resetRequested }],
    });
    renderWithRouter(<ForgotPasswordPage />);
    await fill({ Email: 'asha@example.com' }, PASSWORD_MESSAGES.sendLink);
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_MESSAGES.resetRequested);
    expect(mock.callsTo('POST /account/password/forgot')[0]!.body).toEqual({
      email: 'asha@example.com',
    });
  });

  it("sends the link's id and token with the new password", async () => {
    mock = mockApi({
      'POST /account/password/reset': [200, { message: PASSWORD_MESSAGES.resetDone }],
    });
    const id = 'a'.repeat(24);
    const token = 'b'.repeat(64);
    render(
      <MemoryRouter initialEntries={[`/reset-password/${id}/${token}`]}>
        <Routes>
          <Route path="/reset-password/:id/:token" element={<ResetPasswordPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await fill(
      { [PASSWORD_MESSAGES.newLabel]: NEW, [PASSWORD_MESSAGES.confirmLabel]: NEW },
      PASSWORD_MESSAGES.save,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_MESSAGES.resetDone);
    expect(mock.callsTo('POST /account/password/reset')[0]!.body).toEqual({
      userId: id,
      token,
      password: NEW,
    });
  });
});

function within(list: HTMLElement): string[] {
  return [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
}
