/** A feed tile: what it says and what it searches on Saavn. */
export interface FeedCategory {
  label: string;
  query: string;
}

/** The feed's genre tiles; each searches its own name. */
export const GENRES: FeedCategory[] = [
  'Pop',
  'Chill',
  'Sad',
  'Lofi',
  'Romantic',
  'Party',
  'Workout',
  'Focus',
  'Sleep',
].map((name) => ({ label: name, query: name }));

/** The feed's 'OLD IS GOLD' tiles and the decades they search. */
export const DECADES: FeedCategory[] = [
  { label: 'Golden age of 20s', query: '2000s' },
  { label: '90s', query: '1990s' },
  { label: '80s', query: '1980s' },
  { label: '70s', query: '1970s' },
];
