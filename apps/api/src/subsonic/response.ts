import type { Request, Response } from 'express';
import type { KeptAnswer } from './keptAnswers.js';

/** The Subsonic API version Samaa speaks, and what it tells clients about itself (OpenSubsonic). */
export const SUBSONIC_API_VERSION = '1.16.1';
export const SERVER_TYPE = 'samaa';
const XMLNS = 'http://subsonic.org/restapi';

/**
 * A response body as the JSON format has it. The XML format is derived from it: scalar values
 * become attributes, objects child elements, arrays repeated elements (an array of scalars
 * becomes elements with text), and a scalar named `value` the element's own text (genre). Key order is element order, which the schema's sequences need.
 */
export type Payload = { [key: string]: PayloadValue };
export type PayloadValue = string | number | boolean | Date | undefined | Payload | readonly (Payload | number | string)[];

/** Subsonic error codes (subsonic.org/pages/api.jsp, and OpenSubsonic's 41–44). */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missingParameter: 10,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export class SubsonicError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type ResponseFormat = 'xml' | 'json';

export function formatOf(f: string | undefined): ResponseFormat {
  return f === 'json' ? 'json' : 'xml';
}

function envelope(serverVersion: string, status: 'ok' | 'failed'): Payload {
  return { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion, openSubsonic: true };
}

// XML 1.0 cannot carry most control characters, even escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const scalarText = (value: string | number | boolean | Date) =>
  value instanceof Date ? value.toISOString() : String(value);

const isScalar = (value: PayloadValue): value is string | number | boolean | Date =>
  typeof value !== 'object' || value instanceof Date;

/**
 * An element. As Subsonic maps its formats, a `value` key of an element without child elements
 * is the element's text in XML (`{ start: 0, value: 'words' }` is `<line start="0">words</line>`).
 */
function element(name: string, body: Payload | number | string): string {
  if (typeof body !== 'object') return `<${name}>${escapeXml(String(body))}</${name}>`;
  let attributes = '';
  let children = '';
  // With child elements a `value` stays an attribute (cueLine's), as in the schema.
  const text = Object.values(body).some((value) => value !== undefined && !isScalar(value)) ? undefined : body.value;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || (key === 'value' && text !== undefined)) continue;
    if (isScalar(value)) attributes += ` ${key}="${escapeXml(scalarText(value))}"`;
    else if (Array.isArray(value)) children += value.map((item) => element(key, item)).join('');
    else children += element(key, value as Payload);
  }
  if (text !== undefined) return `<${name}${attributes}>${escapeXml(scalarText(text as string))}</${name}>`;
  return children ? `<${name}${attributes}>${children}</${name}>` : `<${name}${attributes}/>`;
}

export function renderBody(format: ResponseFormat, serverVersion: string, status: 'ok' | 'failed', payload: Payload): string {
  const root: Payload = { ...envelope(serverVersion, status), ...payload };
  // JSON.stringify is the JSON format as it stands: undefined keys left out, dates as ISO text.
  if (format === 'json') return JSON.stringify({ 'subsonic-response': root });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element('subsonic-response', { xmlns: XMLNS, ...root })}`;
}

/**
 * Subsonic answers errors with HTTP 200 and status "failed": clients read the code. Only an
 * unknown method gets a 404, as OpenSubsonic asks.
 */
export function sendSubsonic(
  res: Response,
  format: ResponseFormat,
  serverVersion: string,
  status: 'ok' | 'failed',
  payload: Payload,
  httpStatus = 200,
): void {
  res
    .status(httpStatus)
    .set('Cache-Control', 'no-store')
    .type(format === 'json' ? 'application/json' : 'text/xml')
    .send(renderBody(format, serverVersion, status, payload));
}

/** A kept answer (keptAnswers.ts), with the headers and bytes `sendSubsonic` would send. */
export function sendKept(req: Request, res: Response, format: ResponseFormat, serverVersion: string, answer: KeptAnswer): void {
  const etagFn = req.app.get('etag fn') as ((body: Buffer) => string) | undefined;
  const { body, etag } = answer.render(format, serverVersion, etagFn);
  res.status(200).set('Cache-Control', 'no-store');
  // The type Express's send gives a string body (charset added); a Buffer body it sends as typed.
  res.set('Content-Type', `${format === 'json' ? 'application/json' : 'text/xml'}; charset=utf-8`);
  if (etag) res.set('ETag', etag);
  res.send(body);
}

export function errorPayload(err: SubsonicError): Payload {
  return { error: { code: err.code, message: err.message } };
}
