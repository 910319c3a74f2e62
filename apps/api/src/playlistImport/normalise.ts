import anyAscii from 'any-ascii';

/*
 * How a title or an artist is reduced before comparison: Unicode to ASCII (accents and other
 * scripts, so "Beyoncé" and "Beyonce", "Мумий Тролль" and "Mumiy Troll" meet), lower case,
 * featured credits, remaster and edit suffixes, bracketed parts and punctuation dropped. Live and
 * remix versions are noted before they are dropped, so they are not taken for the studio one.
 */

export interface NormalTitle {
  /** Folded title without credits, versions and punctuation. */
  text: string;
  /** "live", "remix", "acoustic"…: what kind of version it says it is; '' for the plain one. */
  version: string;
}

const VERSION_WORDS: [RegExp, string][] = [
  [/\blive\b/, 'live'],
  [/\b(remix|rmx|club mix|extended mix|dub mix)\b/, 'remix'],
  [/\bacoustic\b/, 'acoustic'],
  [/\binstrumental\b/, 'instrumental'],
  [/\bkaraoke\b/, 'karaoke'],
];

export function fold(text: string): string {
  return anyAscii(text.normalize('NFC'))
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '');
}

const clean = (text: string) => text.replace(/[^a-z0-9]+/g, ' ').trim();

/** Parts in brackets, and a " - …" suffix: where versions and credits live. */
function decorations(title: string): { base: string; parts: string[] } {
  const parts: string[] = [];
  let base = title.replace(/[([{]([^)\]}]*)[)\]}]/g, (_m, inner: string) => {
    parts.push(inner);
    return ' ';
  });
  const dash = /\s[-–—]\s(.*)$/.exec(base);
  if (dash) {
    parts.push(dash[1]!);
    base = base.slice(0, dash.index);
  }
  return { base, parts };
}

export function normaliseTitle(title: string): NormalTitle {
  const folded = fold(title);
  const { base, parts } = decorations(folded);
  let version = '';
  for (const part of parts) {
    if (/^\s*(feat|ft|featuring|with)\b/.test(part)) continue;
    const kind = VERSION_WORDS.find(([pattern]) => pattern.test(part));
    if (kind && !version) version = kind[1];
  }
  // "feat." credits outside brackets: "Song feat. Someone".
  const text = clean(base.replace(/\s(feat|ft|featuring)\b\.?.*$/, ' '));
  // A title that is only decorations ("(Untitled)") keeps them.
  return { text: text || clean(folded), version };
}

/** An artist name for comparison: folded, without a leading "The" and punctuation. */
export function normaliseArtist(artist: string): string {
  return clean(fold(artist).replace(/^\s*the\s+/, ''));
}

/** Artist credits as a set: "A feat. B", "A & B", "A x B", "A, B" all name A and B. */
export function artistSet(artists: readonly string[]): string[] {
  const names = artists.flatMap((credit) =>
    fold(credit).split(/\s*(?:,|;|\/|\s&\s|\sand\s|\sx\s|\sfeat\.?\s|\sft\.?\s|\sfeaturing\s|\swith\s)\s*/),
  );
  return [...new Set(names.map(normaliseArtist))].filter(Boolean);
}

/** Words worth indexing: at least two characters, or a digit. */
export function tokens(text: string): string[] {
  return [...new Set(text.split(' ').filter((t) => t.length > 1 || /\d/.test(t)))];
}

/** An album name for comparison: folded, with its edition ("(Deluxe)") kept, since it tells copies apart. */
export function normaliseAlbum(album: string): string {
  return clean(fold(album));
}
