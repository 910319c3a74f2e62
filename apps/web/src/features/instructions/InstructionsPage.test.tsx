import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import InstructionsPage from './InstructionsPage';
import { mockApi, type ApiMock } from '../../test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

describe('instructions', () => {
  it('lists the four tips', () => {
    mock = mockApi({ 'GET /config': [200, {}] });
    render(<InstructionsPage />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText(/zoom to 75%/)).toBeInTheDocument();
    expect(screen.getByText(/desktop-only for now/)).toBeInTheDocument();
    expect(screen.getByText(/coming later/)).toBeInTheDocument();
    expect(screen.getByTestId('sender-tip')).toHaveTextContent(/spam folder.*from Samaa\.$/);
  });

  it('names the sender address when the server exposes it', async () => {
    mock = mockApi({ 'GET /config': [200, { mailFrom: 'Samaa <no-reply@samaa.example>' }] });
    render(<InstructionsPage />);
    expect(await screen.findByText('Samaa <no-reply@samaa.example>')).toBeInTheDocument();
  });

  it('keeps the product name when the config call fails', async () => {
    mock = mockApi({ 'GET /config': [404, { message: 'Not found' }] });
    render(<InstructionsPage />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByTestId('sender-tip')).toHaveTextContent(/from Samaa\.$/);
  });
});
