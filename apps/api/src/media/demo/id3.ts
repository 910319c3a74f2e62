/** Minimal ID3v2.4 writer: title, artist, album, track, year, free text frames and a front cover. */

export interface Id3Fields {
  title?: string;
  artist?: string;
  album?: string;
  trackNumber?: number;
  year?: number;
  /** TXXX frames by description, e.g. REPLAYGAIN_TRACK_GAIN. */
  userText?: Record<string, string>;
  cover?: { mime: string; data: Uint8Array };
}

/** 28-bit integer as four 7-bit bytes (ID3v2 "syncsafe"). */
function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

function frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(body.length), Buffer.from([0, 0]), body]);
}

/** Text frame in UTF-8 (encoding byte 3). */
const textFrame = (id: string, text: string) => frame(id, Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')]));

/** ID3v2.4 tag to put in front of MP3 frames. */
export function id3v2Tag(fields: Id3Fields): Buffer {
  const frames: Buffer[] = [];
  if (fields.title) frames.push(textFrame('TIT2', fields.title));
  if (fields.artist) frames.push(textFrame('TPE1', fields.artist));
  if (fields.album) frames.push(textFrame('TALB', fields.album));
  if (fields.trackNumber) frames.push(textFrame('TRCK', String(fields.trackNumber)));
  if (fields.year) frames.push(textFrame('TDRC', String(fields.year)));
  for (const [description, value] of Object.entries(fields.userText ?? {})) {
    frames.push(textFrame('TXXX', `${description}\0${value}`));
  }
  if (fields.cover) {
    // encoding, MIME type, picture type 3 (front cover), empty description, data.
    const body = Buffer.concat([
      Buffer.from([0]),
      Buffer.from(`${fields.cover.mime}\0`, 'latin1'),
      Buffer.from([3, 0]),
      Buffer.from(fields.cover.data),
    ]);
    frames.push(frame('APIC', body));
  }
  const content = Buffer.concat(frames);
  const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), syncsafe(content.length)]);
  return Buffer.concat([header, content]);
}
