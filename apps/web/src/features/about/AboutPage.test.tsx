import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AboutPage from './AboutPage';
import { FAQ } from './faq';

describe('About FAQ', () => {
  it('has four rows, all closed at first', () => {
    render(<AboutPage />);
    const rows = screen.getAllByRole('button');
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveAttribute('aria-expanded', 'false');
  });

  it('says what users can do, in the words of the spec', () => {
    expect(FAQ[2]?.answer).toContain(
      'Users can search songs, play songs, create, update and delete playlists, fetch their streaming-service playlists and listen to trending songs.',
    );
  });

  it('opens one row at a time and closes it on a second click', async () => {
    render(<AboutPage />);
    const user = userEvent.setup();
    const [first, , third] = screen.getAllByRole('button');
    await user.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FAQ[0]!.answer)).toBeVisible();

    await user.click(third!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FAQ[0]!.answer)).not.toBeVisible();
    expect(screen.getByText(FAQ[2]!.answer)).toBeVisible();

    await user.click(third!);
    expect(third).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(FAQ[2]!.answer)).not.toBeVisible();
  });

  it('works from the keyboard', async () => {
    render(<AboutPage />);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    const second = screen.getAllByRole('button')[1]!;
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: FAQ[1]!.question })).toHaveAttribute(
      'aria-controls',
      screen.getByText(FAQ[1]!.answer).parentElement!.id,
    );
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});
