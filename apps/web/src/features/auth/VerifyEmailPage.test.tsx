import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, MESSAGES } from '@samaa/shared';
import VerifyEmailPage from './VerifyEmailPage';
import VerifiedPage from './VerifiedPage';
import { mockApi, type ApiMock } from '../../test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

function renderLink(id: string, token: string) {
  render(
    <MemoryRouter initialEntries={[`/users/${id}/verify/${token}`]}>
      <Routes>
        <Route path="/users/:id/verify/:token" element={<VerifyEmailPage />} />
        <Route path="/email-verification-success" element={<VerifiedPage />} />
        <Route path="/userlogin" element={<p>login screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('email verification', () => {
  it('shows Loading..., then the success page whose Login button leads to /userlogin', async () => {
    mock = mockApi({ 'GET /users/u1/verify/good': [200, { message: MESSAGES.emailVerified }] });
    renderLink('u1', 'good');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(
      await screen.findByRole('heading', { name: MESSAGES.emailVerified }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByText('login screen')).toBeInTheDocument();
    expect(mock.calls).toHaveLength(1);
  });

  it('says Verification not successful when the server refuses the link', async () => {
    mock = mockApi({ 'GET /users/u2/verify/bad': [400, { message: API_MESSAGES.invalidLink }] });
    renderLink('u2', 'bad');
    expect(
      await screen.findByRole('heading', { name: MESSAGES.verificationFailed }),
    ).toBeInTheDocument();
  });

  it('says Verification not successful when the message is not the success message', async () => {
    mock = mockApi({ 'GET /users/u3/verify/odd': [200, { message: 'Something else' }] });
    renderLink('u3', 'odd');
    expect(
      await screen.findByRole('heading', { name: MESSAGES.verificationFailed }),
    ).toBeInTheDocument();
  });
});
