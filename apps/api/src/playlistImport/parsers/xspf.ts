import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@samaa/shared';
import { badRequest } from '../../http/errors.js';
import { artistList, checkRowCount, milliseconds, row, text, type ParsedPlaylist } from './parsedPlaylist.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** XSPF (xspf.org): `<playlist><title/><trackList><track><location/><title/><creator/><album/><duration/>`. */
export function parseXspf(content: string): ParsedPlaylist {
  const xml = content.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw badRequest(IMPORT_MESSAGES.badXml(valid.err.msg));
  // No entity expansion: a hostile file cannot blow up into memory.
  const parser = new XMLParser({
    ignoreAttributes: true,
    processEntities: true,
    htmlEntities: false,
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => name === 'track',
  });
  const doc = parser.parse(xml) as Loose;
  const playlist = isObject(doc.playlist) ? doc.playlist : null;
  if (!playlist) throw badRequest(IMPORT_MESSAGES.unknownFormat);
  const trackList = isObject(playlist.trackList) ? playlist.trackList : {};
  const tracks = Array.isArray(trackList.track) ? trackList.track.filter(isObject) : [];
  if (tracks.length > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MESSAGES.tooManyRows);
  const rows = tracks
    .map((track) =>
      row({
        title: text(first(track.title)),
        artists: artistList(text(first(track.creator))),
        album: text(first(track.album)),
        durationMs: milliseconds(first(track.duration)),
        location: text(first(track.location)),
      }),
    )
    .filter((r) => r.title || r.location);
  checkRowCount(rows.length);
  return { format: 'xspf', name: text(first(playlist.title)) || undefined, rows };
}
