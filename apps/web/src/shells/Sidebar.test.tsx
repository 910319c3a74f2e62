import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';

/** A page whose chunk arrives when the test says (a lazy route on a slow network). */
function slowPage() {
  let arrive!: () => void;
  const arrived = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <p>Slow page</p> });
  });
  return { Page: lazy(() => arrived), arrive };
}

function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go {to}
    </button>
  );
}

function renderShell() {
  const slow = slowPage();
  window.history.replaceState(null, '', '/');
  render(
    <BrowserRouter>
      <Sidebar links={[{ to: '/', label: 'Home', end: true }]} />
      <Go to="/slow" />
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/slow" element={<slow.Page />} />
        </Routes>
      </Suspense>
    </BrowserRouter>,
  );
  return slow;
}

const menu = () => screen.getByRole('button', { name: 'Menu' });

describe('Sidebar menu', () => {
  it('stays open when a navigation begun before it was opened arrives, and closes on a later one', async () => {
    const user = userEvent.setup();
    const slow = renderShell();
    // Play buttons navigate like this: the address changes at once, the old page stays until the new one's chunk arrives.
    await user.click(screen.getByRole('button', { name: 'Go /slow' }));
    expect(window.location.pathname).toBe('/slow');
    expect(screen.getByText('Home page')).toBeInTheDocument();
    await user.click(menu());
    expect(menu()).toHaveAttribute('aria-expanded', 'true');

    await act(async () => slow.arrive());
    await screen.findByText('Slow page');
    // The page's arrival has run its effects (the one that closes the menu on a navigation).
    await act(async () => {});
    expect(menu()).toHaveAttribute('aria-expanded', 'true');

    // A navigation after the menu opened (here the browser's Back) closes it.
    await act(async () => window.history.back());
    await waitFor(() => expect(menu()).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('closes when the listener follows one of its links', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(menu());
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(menu()).toHaveAttribute('aria-expanded', 'false');
  });
});
