import type { ImportInput, Song } from '@samaa/shared';

/*
 * The matching test set: a generated catalogue and the playlist rows a listener would bring,
 * each with the answer it should get. Deterministic (seeded), so every run scores the same.
 */

/** What a row should become: a catalogue song, a JioSaavn song, or nothing (missing). */
export type Expected = { songId: string } | { saavnId: string } | null;

export interface LabelledRow {
  input: ImportInput;
  expected: Expected;
  kind: string;
}

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'golden', 'river', 'midnight', 'city', 'electric', 'heart', 'summer', 'rain', 'silver', 'lights', 'broken', 'wings',
  'ocean', 'fire', 'paper', 'moon', 'northern', 'road', 'velvet', 'morning', 'wild', 'horses', 'crystal', 'echo',
  'desert', 'rose', 'neon', 'dreams', 'hollow', 'bones', 'thunder', 'kiss', 'glass', 'garden', 'falling', 'stars',
  'lonely', 'highway', 'secret', 'island', 'cold', 'coffee', 'dancing', 'shadows', 'sweet', 'disaster', 'burning',
  'bridges', 'empty', 'rooms', 'lucky', 'strike', 'purple', 'sky', 'quiet', 'storm', 'little', 'lies', 'satellite',
  'blue', 'monday', 'runaway', 'train', 'paradise', 'lost', 'winter', 'song', 'tiger', 'eyes', 'magnetic', 'fields',
];
const FIRST = ['Nora', 'Felix', 'Amara', 'Jonas', 'Priya', 'Mateo', 'Lena', 'Kofi', 'Yuki', 'Sven', 'Iris', 'Omar', 'Clara', 'Dev', 'Hana', 'Luca', 'Maya', 'Tariq', 'Elsa', 'Ravi'];
const LAST = ['Vale', 'Stone', 'Okafor', 'Lind', 'Sharma', 'Reyes', 'Brandt', 'Mensah', 'Tanaka', 'Holm', 'Costa', 'Haddad', 'Weber', 'Patel', 'Kim', 'Moretti', 'Novak', 'Aziz', 'Berg', 'Iyer'];
const BANDS = ['Paper Kites', 'Velvet Echo', 'Northern Lights', 'Glass Harbour', 'Crystal Method Club', 'Wild Hearts', 'Neon Forest', 'Hollow Pines'];

const title = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

export interface MatchingSet {
  songs: Song[];
  rows: LabelledRow[];
}

/** The JioSaavn fake's songs (packages/test-fakes/src/saavn.ts): title, artist, id. */
const SAAVN_ONLY: [string, string, string][] = [
  ['Heat Waves', 'Glass Animals', 'sHeat01'],
  ['As It Was', 'Harry Styles', 'sAsIt02'],
  ['Peaches', 'Justin Bieber', 'sPeach3'],
  ['Blinding Lights', 'The Weeknd', 'sBlind4'],
  ['Levitating', 'Dua Lipa', 'sLevit5'],
  ['Sunflower', 'Post Malone', 'sSunfl6'],
  ['Ocean Eyes', 'Billie Eilish', 'sOcean7'],
  ['Toxic', 'Britney Spears', 'sToxic8'],
  ['Hey Ya!', 'OutKast', 'sHeyYa9'],
  ['Wonderwall', 'Oasis', 'sWonde0'],
  ['Take On Me', 'a-ha', 'sTakeO1'],
  ['Dreams', 'Fleetwood Mac', 'sDream2'],
  ['Tum Hi Ho', 'Arijit Singh', 'sTumHi3'],
  ['Kesariya', 'Arijit Singh', 'sKesar4'],
];

export function matchingSet(seed = 28, plainCount = 900): MatchingSet {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const songs: Song[] = [];
  const rows: LabelledRow[] = [];
  let next = 0;
  const id = () => (0x28000000 + next++).toString(16).padStart(24, '0');
  const isrcOf = (n: number) => `QZ${'ABC'[n % 3]}${String(20 + (n % 7)).padStart(2, '0')}${String(n).padStart(7, '0')}`;
  const add = (fields: Omit<Song, '_id' | 'img' | 'song'>): Song => {
    const _id = id();
    const song: Song = { _id, img: `/media/images/${_id}.jpg`, song: `/media/audio/${_id}.mp3`, ...fields };
    songs.push(song);
    return song;
  };
  const row = (input: ImportInput, expected: Expected, kind: string) => rows.push({ input, expected, kind });
  const ms = (song: Song, delta = 0) => (song.duration ? song.duration * 1000 + delta : undefined);

  // Plain catalogue: distinct titles and artists, a third with an ISRC.
  const used = new Set<string>();
  const plain: Song[] = [];
  while (plain.length < plainCount) {
    const name = title(`${pick(WORDS)} ${pick(WORDS)}${random() < 0.3 ? ` ${pick(WORDS)}` : ''}`);
    const artist = random() < 0.2 ? pick(BANDS) : `${pick(FIRST)} ${pick(LAST)}`;
    const key = `${name.toLowerCase()}|${artist}`;
    if (used.has(key) || new Set(name.toLowerCase().split(' ')).size < name.split(' ').length) continue;
    used.add(key);
    plain.push(add({ name, artist, album: title(`${pick(WORDS)} ${pick(WORDS)}`), duration: 150 + Math.floor(random() * 150), ...(random() < 0.33 ? { isrc: isrcOf(next) } : {}) }));
  }

  // 1. Plain rows: case, punctuation, duration noise; ISRC given when the song has one.
  for (const song of plain.slice(0, 140)) {
    const name = random() < 0.5 ? song.name.toUpperCase() : `${song.name}!`;
    row({ title: name, artists: [song.artist], album: song.album, durationMs: ms(song, 1200), ...(song.isrc && random() < 0.5 ? { isrc: song.isrc } : {}) }, { songId: song._id }, 'plain');
  }

  // 2. ISRC wins over text that differs (a translated or re-titled release).
  for (const song of plain.filter((s) => s.isrc).slice(60, 80)) {
    row({ title: `${song.name} (Versión en español)`, artists: ['Various Artists'], isrc: song.isrc }, { songId: song._id }, 'isrc');
  }

  // 3. feat. credits on either side.
  for (let i = 0; i < 20; i++) {
    const base = title(`${WORDS[i]!} ${WORDS[i + 20]!} ${WORDS[i + 40]!}`);
    const lead = `${FIRST[i]!} ${LAST[(i + 3) % 20]!}`;
    const guest = `${FIRST[(i + 7) % 20]!} ${LAST[(i + 11) % 20]!}`;
    if (i % 2 === 0) {
      const song = add({ name: `${base} (feat. ${guest})`, artist: lead, duration: 200 + i });
      row({ title: base, artists: [lead, guest], durationMs: ms(song) }, { songId: song._id }, 'feat');
    } else {
      const song = add({ name: base, artist: `${lead} feat. ${guest}`, duration: 200 + i });
      row({ title: `${base} (ft. ${guest})`, artists: [lead], durationMs: ms(song) }, { songId: song._id }, 'feat');
    }
  }

  // 4. Remasters and edits.
  const suffixes = [' - Remastered 2011', ' (2009 Remaster)', ' - Radio Edit', ' (Radio Edit)', ' [Remastered]', ' - Single Version', ' - Mono'];
  for (const [i, song] of plain.slice(200, 225).entries()) {
    row({ title: `${song.name}${suffixes[i % suffixes.length]!}`, artists: [song.artist], album: 'Greatest Hits (Remastered)' }, { songId: song._id }, 'remaster');
  }

  // 5. Live and remix versions beside the studio one; and asked for where only the studio one is.
  for (let i = 0; i < 15; i++) {
    const base = title(`${WORDS[(i * 3) % WORDS.length]!} ${WORDS[(i * 5 + 1) % WORDS.length]!} ${WORDS[(i * 7 + 2) % WORDS.length]!} ${i}`);
    const artist = `${pick(FIRST)} ${LAST[i]!}`;
    const studio = add({ name: base, artist, duration: 210 });
    const live = add({ name: `${base} (Live at Wembley)`, artist, duration: 260 });
    const remix = add({ name: `${base} - ${FIRST[i]!} Remix`, artist, duration: 330 });
    row({ title: base, artists: [artist], durationMs: 210_000 }, { songId: studio._id }, 'studio-beside-versions');
    row({ title: `${base} - Live`, artists: [artist], durationMs: 262_000 }, { songId: live._id }, 'live');
    row({ title: `${base} (${FIRST[i]!} Remix)`, artists: [artist], durationMs: 331_000 }, { songId: remix._id }, 'remix');
  }
  for (const song of plain.slice(300, 310)) {
    row({ title: `${song.name} (Live)`, artists: [song.artist] }, null, 'live-only-studio');
  }
  for (const song of plain.slice(310, 315)) {
    row({ title: `${song.name} (Extended Remix)`, artists: [song.artist] }, null, 'remix-only-studio');
  }

  // 6. Accents and transliterations.
  const accented: [string, string, string, string][] = [
    ['Déjà Vu', 'Beyoncé', 'Deja Vu', 'Beyonce'],
    ['Hoppípolla', 'Sigur Rós', 'Hoppipolla', 'Sigur Ros'],
    ['Joga', 'Björk', 'Jóga', 'Bjork'],
    ['Кукла колдуна', 'Король и Шут', 'Kukla Kolduna', 'Korol i Shut'],
    ['Владивосток 2000', 'Мумий Тролль', 'Vladivostok 2000', 'Mumiy Troll'],
    ['Tum Se Hi', 'Mohit Chauhan', 'Tum Se Hee', 'Mohit Chauhan'],
    ['Chaiyya Chaiyya', 'Sukhwinder Singh', 'Chaiya Chaiya', 'Sukhwinder Singh'],
    ['Señorita', 'Shawn Mendes', 'Senorita', 'Shawn Mendes'],
    ['Águas de Março', 'Elis Regina', 'Aguas de Marco', 'Elis Regina'],
    ['Ça plane pour moi', 'Plastic Bertrand', 'Ca Plane Pour Moi', 'Plastic Bertrand'],
    ['Père Noël', 'Zoé Lemaire', 'Pere Noel', 'Zoe Lemaire'],
    ['Straße', 'Die Ärzte', 'Strasse', 'Die Arzte'],
    ['Kun Faya Kun', 'A.R. Rahman', 'Kun Faaya Kun', 'A. R. Rahman'],
    ['Göteborg', 'Håkan Hellström', 'Goteborg', 'Hakan Hellstrom'],
    ['Ōkami', 'Kōji Kondō', 'Okami', 'Koji Kondo'],
  ];
  for (const [name, artist, rowTitle, rowArtist] of accented) {
    const song = add({ name, artist, duration: 240 });
    row({ title: rowTitle, artists: [rowArtist] }, { songId: song._id }, 'accents');
  }

  // 7. "The" prefixes, both ways.
  for (let i = 0; i < 15; i++) {
    const band = `${title(WORDS[(i * 11 + 3) % WORDS.length]!)} ${title(WORDS[(i * 13 + 5) % WORDS.length]!)}s`;
    const name = title(`${WORDS[(i * 17 + 7) % WORDS.length]!} ${WORDS[(i * 19 + 9) % WORDS.length]!} ${i + 1}`);
    const song = add({ name, artist: i % 2 ? `The ${band}` : band, duration: 190 });
    row({ title: name, artists: [i % 2 ? band : `The ${band}`] }, { songId: song._id }, 'the-prefix');
  }

  // 8. The same song on several albums: the row's album (then its duration) picks one.
  for (let i = 0; i < 15; i++) {
    const name = title(`${WORDS[(i * 7 + 4) % WORDS.length]!} ${WORDS[(i * 3 + 30) % WORDS.length]!} ${i}`);
    const artist = `${FIRST[(i + 5) % 20]!} ${LAST[(i + 9) % 20]!}`;
    const original = add({ name, artist, album: `Album ${i}`, duration: 230 });
    const best = add({ name, artist, album: 'The Very Best Of', duration: 231 });
    const deluxe = add({ name, artist, album: `Album ${i} (Deluxe)`, duration: 229 });
    const target = [original, best, deluxe][i % 3]!;
    row({ title: name, artists: [artist], album: target.album, durationMs: 230_000 }, { songId: target._id }, 'duplicates');
  }

  // 9. The same title by different artists.
  for (let i = 0; i < 15; i++) {
    const name = title(`${WORDS[(i * 5 + 10) % WORDS.length]!} ${WORDS[(i * 9 + 20) % WORDS.length]!} ${i}`);
    const a = add({ name, artist: `${FIRST[i]!} ${LAST[i]!}`, duration: 200 });
    const b = add({ name, artist: `${FIRST[(i + 10) % 20]!} ${LAST[(i + 4) % 20]!}`, duration: 250 });
    row({ title: name, artists: [a.artist] }, { songId: a._id }, 'same-title');
    row({ title: name, artists: [b.artist] }, { songId: b._id }, 'same-title');
  }

  // 10. Only on JioSaavn (the fake), some with decorations.
  for (const [i, [name, artist, saavnId]] of SAAVN_ONLY.entries()) {
    const decorated = i % 3 === 0 ? `${name} - Remastered` : i % 3 === 1 ? name.toUpperCase() : name;
    row({ title: decorated, artists: [artist], durationMs: 200_000 }, { saavnId }, 'saavn-only');
  }

  // 11. Typing slips: one letter dropped from the title, or the artist's name.
  for (const [i, song] of plain.slice(500, 520).entries()) {
    const slip = (text: string) => {
      const at = Math.floor(text.length / 2);
      return text.slice(0, at) + text.slice(at + 1);
    };
    row(i % 2 ? { title: slip(song.name), artists: [song.artist] } : { title: song.name, artists: [slip(song.artist)] }, { songId: song._id }, 'typo');
  }

  // 12. Nowhere at all, including near misses of catalogue titles by unknown artists.
  for (let i = 0; i < 12; i++) {
    row({ title: `Unreleased Demo ${i} Xq`, artists: ['Nobody Knows'] }, null, 'nowhere');
  }
  for (const song of plain.slice(400, 412)) {
    row({ title: song.name, artists: ['Zzyzx Quartet'] }, null, 'same-title-unknown-artist');
  }

  return { songs, rows };
}
