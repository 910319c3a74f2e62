/** Minimal ID3v2.4 (or v2.3) writer: title, artist, album, track, year, free text frames and a front cover. */

export interface Id3Fields {
  title?: string;
  artist?: string;
  album?: string;
  trackNumber?: number;
  year?: number;
  /** TSRC: the recording's ISRC. */
  isrc?: string;
  /** TXXX frames by description, e.g. REPLAYGAIN_TRACK_GAIN. */
  userText?: Record<string, string>;
  cover?: { mime: string; data: Uint8Array };
  /** 4 (default) or 3: v2.3 has plain frame sizes, UTF-16 text and TYER for the year. */
  version?: 3 | 4;
  /** Further frames as they are (e.g. USLT and SYLT lyrics in tests). */
  frames?: { id: string; body: Buffer }[];
}

/** 28-bit integer as four 7-bit bytes (ID3v2 "syncsafe"). */
function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

function plainSize(n: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(n);
  return size;
}

/** ID3v2 tag to put in front of MP3 frames. */
export function id3v2Tag(fields: Id3Fields): Buffer {
  const version = fields.version ?? 4;
  const frame = (id: string, body: Buffer) =>
    Buffer.concat([Buffer.from(id, 'latin1'), version === 4 ? syncsafe(body.length) : plainSize(body.length), Buffer.from([0, 0]), body]);
  // UTF-8 (encoding 3) in v2.4; UTF-16 with a byte-order mark (encoding 1) in v2.3.
  const textFrame = (id: string, text: string) =>
    frame(
      id,
      version === 4
        ? Buffer.concat([Buffer.from([3]), Buffer.from(text, 'utf8')])
        : Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
  const frames: Buffer[] = [];
  if (fields.title) frames.push(textFrame('TIT2', fields.title));
  if (fields.artist) frames.push(textFrame('TPE1', fields.artist));
  if (fields.album) frames.push(textFrame('TALB', fields.album));
  if (fields.trackNumber) frames.push(textFrame('TRCK', String(fields.trackNumber)));
  if (fields.year) frames.push(textFrame(version === 4 ? 'TDRC' : 'TYER', String(fields.year)));
  if (fields.isrc) frames.push(textFrame('TSRC', fields.isrc));
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
  for (const extra of fields.frames ?? []) frames.push(frame(extra.id, extra.body));
  const content = Buffer.concat(frames);
  const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([version, 0, 0]), syncsafe(content.length)]);
  return Buffer.concat([header, content]);
}
