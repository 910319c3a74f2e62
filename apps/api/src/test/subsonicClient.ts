import fs from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { SubsonicAPI } from 'subsonic-api';
import { validateXML } from 'xmllint-wasm';

/*
 * Test support: a real Subsonic client library (subsonic-api, from npm) pointed at a listening
 * Samaa. In 'xml' mode every call is sent without f=json; the XML answer is validated against
 * the Subsonic XSD, then converted to the JSON shape the library expects, so one suite proves
 * both formats.
 */

export type Format = 'json' | 'xml';

const SCHEMA = fs.readFileSync(new URL('./fixtures/subsonic-rest-api.xsd', import.meta.url), 'utf8');

/** Elements that repeat wherever they are not the response's own payload. */
const LIST_ELEMENTS = new Set([
  'song', 'album', 'artist', 'index', 'entry', 'child', 'playlist', 'musicFolder', 'folder', 'user', 'versions',
  'genre', 'bookmark', 'internetRadioStation', 'similarArtist', 'channel', 'share',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // The text of an element with attributes (a genre's name), as the JSON format names it.
  textNodeName: 'value',
  parseAttributeValue: false,
  attributeValueProcessor: (_name, value) =>
    value === 'true' ? true : value === 'false' ? false : /^-?\d{1,15}$/.test(value) ? Number(value) : value === '' ? EMPTY_ATTRIBUTE : value,
  isArray: (name, jpath, _leaf, isAttribute) =>
    !isAttribute &&
    !String(jpath).endsWith('bookmark.entry') &&
    (name === 'openSubsonicExtensions' || (LIST_ELEMENTS.has(name) && String(jpath).split('.').length > 2)),
});

/** An empty attribute, told apart from an empty element (which is an empty object in JSON). */
const EMPTY_ATTRIBUTE = '\u0000empty';

function emptyElements(value: unknown): unknown {
  if (value === '') return {};
  if (value === EMPTY_ATTRIBUTE) return '';
  if (Array.isArray(value)) return value.map(emptyElements);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyElements(v)]));
  return value;
}

export async function assertValidSubsonicXml(xml: string): Promise<void> {
  const result = await validateXML({ xml: [{ fileName: 'response.xml', contents: xml }], schema: [SCHEMA] });
  if (!result.valid) throw new Error(`XML response is not valid against the Subsonic XSD:\n${result.rawOutput}\n${xml.slice(0, 2000)}`);
}

/** The JSON shape of an XML answer (`xmlns` dropped). */
export function xmlToJson(xml: string): unknown {
  const parsed = parser.parse(xml) as { 'subsonic-response': Record<string, unknown> };
  const { xmlns: _xmlns, ...root } = emptyElements(parsed['subsonic-response']) as Record<string, unknown>;
  return { 'subsonic-response': root };
}

/** Seen XML bodies, for tests that look at them. */
export const seenXml: string[] = [];

function withoutJsonFlag(input: string): string {
  return input.replace(/([?&])f=json(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : ''));
}

async function xmlFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = withoutJsonFlag(String(input));
  const body = typeof init?.body === 'string' ? withoutJsonFlag(init.body) : init?.body;
  const res = await fetch(url, { ...init, body });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('xml')) return res;
  const xml = await res.text();
  seenXml.push(xml);
  await assertValidSubsonicXml(xml);
  return new Response(JSON.stringify(xmlToJson(xml)), { status: res.status, headers: { 'content-type': 'application/json' } });
}

export type SubsonicAuth = { apiKey: string } | { username: string; password: string };

export function subsonicClient(
  baseUrl: string,
  auth: SubsonicAuth,
  format: Format,
  opts: { post?: boolean; reuseSalt?: boolean } = {},
): SubsonicAPI {
  return new SubsonicAPI({
    url: baseUrl,
    auth: auth as ConstructorParameters<typeof SubsonicAPI>[0]['auth'],
    post: opts.post,
    reuseSalt: opts.reuseSalt,
    fetch: format === 'xml' ? (xmlFetch as typeof fetch) : fetch,
  });
}

/** A call the library has no method for, answered as the library's own methods answer. */
export async function customCall<T = Record<string, unknown>>(api: SubsonicAPI, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const res = await api.custom(`${method}.view`, params as Parameters<SubsonicAPI['custom']>[1]);
  return ((await res.json()) as { 'subsonic-response': T })['subsonic-response'];
}
