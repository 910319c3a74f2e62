import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CardMenu } from './CardMenu';

function renderMenu(onSelect = vi.fn()) {
  render(
    <div>
      <p>Outside</p>
      <CardMenu label="Options for Focus" items={[{ label: 'Delete Playlist', onSelect }]} />
    </div>,
  );
  return onSelect;
}

describe('CardMenu', () => {
  it('opens on click and closes after a pick', async () => {
    const user = userEvent.setup();
    const onSelect = renderMenu();
    const toggle = screen.getByRole('button', { name: 'Options for Focus' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Delete Playlist' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and on a press outside, without picking', async () => {
    const user = userEvent.setup();
    const onSelect = renderMenu();
    const toggle = screen.getByRole('button', { name: 'Options for Focus' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('CardMenu from the keyboard', () => {
  it('opens with Enter with focus on the first item, moves with the arrows, and Escape gives focus back', async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const second = vi.fn();
    render(
      <CardMenu
        label="Options for Focus"
        items={[
          { label: 'Delete Playlist', onSelect: first },
          { label: 'Update Playlist', onSelect: second },
        ]}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Options for Focus' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Delete Playlist' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Update Playlist' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
  });
});
