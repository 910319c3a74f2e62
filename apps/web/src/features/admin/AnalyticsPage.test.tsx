import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LABELS, MESSAGES, type AdminAnalytics } from '@samaa/shared';
import AnalyticsPage from './AnalyticsPage';
import { mockApi, type ApiMock } from '../../test/apiMock';

let mock: ApiMock | undefined;
afterEach(() => mock?.restore());

const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2025-03-${String(i + 1).padStart(2, '0')}`,
  count: i === 29 ? 4 : i % 3,
}));

const ANALYTICS: AdminAnalytics = {
  users: 1234,
  verifiedUsers: 1000,
  songs: 42,
  playlists: 17,
  likes: 99,
  topSongs: [
    {
      song: { _id: 's1', name: 'Night Drive', artist: 'Kavi', img: '', song: '/media/audio/a.mp3' },
      likes: 12,
    },
    {
      song: { _id: 's2', name: 'Dawn', artist: 'Mira', img: '', song: '/media/audio/b.mp3' },
      likes: 1,
    },
  ],
  signupsPerDay: days,
  plays: 7,
  mostPlayed: [
    {
      song: { _id: 's2', name: 'Dawn', artist: 'Mira', img: '', song: '/media/audio/b.mp3' },
      plays: 7,
    },
  ],
};

describe('Analytics page', () => {
  it('keeps the title and shows the figures, top songs and the sign-ups chart', async () => {
    mock = mockApi({ 'GET /admin/analytics': [200, { data: ANALYTICS }] });
    render(<AnalyticsPage />);
    expect(screen.getByRole('heading', { name: LABELS.analyticsPage })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const users = (await screen.findByText('Users')).closest('div')!;
    expect(within(users).getByText('1,234')).toBeInTheDocument();
    expect(
      within(screen.getByText('Total likes').closest('div')!).getByText('99'),
    ).toBeInTheDocument();
    expect(screen.getByText('Night Drive')).toBeInTheDocument();
    expect(screen.getByText('12 likes')).toBeInTheDocument();
    expect(screen.getByText('1 like')).toBeInTheDocument();
    expect(within(screen.getByText('Plays in apps').closest('div')!).getByText('7')).toBeInTheDocument();
    expect(screen.getByText('7 plays')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Sign-ups per day over the last 30 days/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart).toHaveAccessibleName(/32 in total, at most 4 in a day/);
  });

  it('shows empty states when nothing happened yet', async () => {
    mock = mockApi({
      'GET /admin/analytics': [
        200,
        {
          data: {
            ...ANALYTICS,
            likes: 0,
            topSongs: [],
            plays: 0,
            mostPlayed: [],
            signupsPerDay: days.map((d) => ({ ...d, count: 0 })),
          },
        },
      ],
    });
    render(<AnalyticsPage />);
    expect(await screen.findByText('No likes yet.')).toBeInTheDocument();
    expect(screen.getByText('No plays from Subsonic apps yet.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /0 in total, at most 0 in a day/ })).toBeInTheDocument();
  });

  it('shows the failure', async () => {
    mock = mockApi({ 'GET /admin/analytics': [500, {}] });
    render(<AnalyticsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.analyticsLoadFailed);
  });
});
