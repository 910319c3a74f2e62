import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { API_MESSAGES, LABELS } from '@samaa/shared';
import RegisterPage from './RegisterPage';
import { deferred, mockApi, type ApiMock, type MockReply } from '../../test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

function renderPage() {
  render(
    <MemoryRouter>
      <RegisterPage />
    </MemoryRouter>,
  );
  return {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    gender: screen.getByLabelText('Gender'),
    submit: screen.getByRole('button', { name: 'Sign Up' }),
  };
}

async function fillValid(fields: ReturnType<typeof renderPage>) {
  const user = userEvent.setup();
  await user.type(fields.name, 'Asha');
  await user.type(fields.email, 'asha@gmail.com');
  await user.type(fields.password, 'Abcdef1!');
  await user.selectOptions(fields.gender, 'female');
  return user;
}

describe('sign-up form', () => {
  it('tells users to use their original gmail only', () => {
    renderPage();
    expect(screen.getByText(LABELS.gmailNote)).toBeInTheDocument();
  });

  it.each([
    ['name', 'Ash', 'Name should be at least 4 characters long'],
    ['name', 'A'.repeat(21), 'Name should be at most 20 characters long'],
    ['email', 'not-an-email', 'Email should be a valid email address'],
    ['password', 'Abcde1!', 'Password should be at least 8 characters long'],
    ['password', 'Abcdef1!' + 'a'.repeat(19), 'Password should not be longer than 26 characters'],
    ['password', 'ABCDEF1!', 'Password should contain at least 1 lower-cased letter'],
    ['password', 'abcdef1!', 'Password should contain at least 1 upper-cased letter'],
    ['password', 'Abcdefg!', 'Password should contain at least 1 number'],
    ['password', 'Abcdefg1', 'Password should contain at least 1 symbol'],
  ] as const)('shows the %s rule for %j when the field is left', async (field, value, message) => {
    const fields = renderPage();
    const user = userEvent.setup();
    await user.type(fields[field], value);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fields[field]).toHaveAttribute('aria-invalid', 'true');
    expect(fields[field]).toHaveAccessibleDescription(message);
  });

  it('lists every rule a password breaks, not only the first', async () => {
    const fields = renderPage();
    const user = userEvent.setup();
    await user.type(fields.password, 'abc');
    await user.tab();
    const rules = [
      'Password should be at least 8 characters long',
      'Password should contain at least 1 upper-cased letter',
      'Password should contain at least 1 number',
      'Password should contain at least 1 symbol',
    ];
    for (const rule of rules) expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(fields.password).toHaveAccessibleDescription(rules.join(' '));
  });

  it('shows every required-field message on submit without calling the server', async () => {
    mock = mockApi();
    const fields = renderPage();
    await userEvent.setup().click(fields.submit);
    for (const label of ['Name', 'Email', 'Password', 'Gender']) {
      expect(screen.getByText(`${label} is required`)).toBeInTheDocument();
    }
    expect(mock.calls).toHaveLength(0);
  });

  it('reads Registering... while submitting, then shows the message and clears the form', async () => {
    const reply = deferred<MockReply>();
    mock = mockApi({ 'POST /users/': () => reply.promise });
    const fields = renderPage();
    const user = await fillValid(fields);
    await user.click(fields.submit);
    expect(screen.getByRole('button', { name: LABELS.registering })).toBeDisabled();
    expect(mock.callsTo('POST /users/')[0]?.body).toEqual({
      name: 'Asha',
      email: 'asha@gmail.com',
      password: 'Abcdef1!',
      gender: 'female',
    });
    reply.resolve([201, { message: API_MESSAGES.registered }]);
    expect(await screen.findByText(API_MESSAGES.registered)).toBeInTheDocument();
    expect(fields.name).toHaveValue('');
    expect(fields.email).toHaveValue('');
    expect(fields.password).toHaveValue('');
    expect(fields.gender).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it("shows the server's message on failure and keeps the values", async () => {
    mock = mockApi({ 'POST /users/': [409, { message: API_MESSAGES.emailTaken }] });
    const fields = renderPage();
    const user = await fillValid(fields);
    await user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.emailTaken);
    await waitFor(() => expect(fields.email).toHaveValue('asha@gmail.com'));
  });
});
