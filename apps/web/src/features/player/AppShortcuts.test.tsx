import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_LABELS } from '@samaa/shared';
import { CATALOGUE, mockGet, renderPlayer, stubMedia } from '../../test/playerKit';

beforeEach(() => {
  stubMedia();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  mockGet(() => ({ data: CATALOGUE }));
});
afterEach(() => vi.restoreAllMocks());

const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });

describe('the listener’s keys', () => {
  it('? opens the list of shortcuts; Escape closes it', async () => {
    renderPlayer();
    press('?');
    const dialog = await screen.findByRole('dialog', { name: QUEUE_LABELS.keyboardShortcuts });
    expect(dialog).toHaveTextContent('Play or pause');
    expect(dialog).toHaveTextContent('Seek back or forward 5 seconds');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('/ goes to Home’s search box; both are characters in a text field', async () => {
    renderPlayer();
    const field = document.createElement('input');
    document.body.append(field);
    press('?', field);
    press('/', field);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Home is not rendered here: a search box appearing later still gets focus.
    press('/');
    const form = document.createElement('form');
    form.setAttribute('role', 'search');
    form.innerHTML = '<input aria-label="Search songs" />';
    await act(async () => {
      document.body.append(form);
      await new Promise((resolve) => setTimeout(resolve, 120));
    });
    expect(document.activeElement).toBe(form.querySelector('input'));
    field.remove();
    form.remove();
  });
});
