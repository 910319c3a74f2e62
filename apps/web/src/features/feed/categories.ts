/** A feed tile: what it says and what it searches on Saavn. */
export interface FeedCategory {
  label: string;
  query: string;
}

/** SPEC §2 "/feed" genre tiles; each searches its own name. */
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

/** SPEC §2/§9 'OLD IS GOLD' tiles and the decades they search. */
export const DECADES: FeedCategory[] = [
  { label: 'Golden age of 20s', query: '2000s' },
  { label: '90s', query: '1990s' },
  { label: '80s', query: '1980s' },
  { label: '70s', query: '1970s' },
];
