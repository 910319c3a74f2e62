import crypto from 'node:crypto';
import type http from 'node:http';
import { listen, type RunningFake } from './listen.js';

/**
 * A local stand-in for the Firebase Storage REST API (v0), enough for the firebase JS SDK pointed
 * at it with connectStorageEmulator: multipart uploads (small files), resumable uploads
 * (X-Goog-Upload-Protocol: resumable; start, upload, finalize and query commands), object
 * metadata with downloadTokens, and downloads with ?alt=media&token=….
 */

export interface FakeStorageObject {
  bucket: string;
  name: string;
  contentType: string;
  data: Buffer;
  token: string;
  created: string;
  customMetadata?: Record<string, string>;
}

export interface FakeStorageRequest {
  method: string;
  path: string;
  /** X-Goog-Upload-Protocol / X-Goog-Upload-Command, when sent. */
  protocol?: string;
  command?: string;
  offset?: number;
  bytes: number;
}

export interface FakeFirebaseStorage extends RunningFake {
  host: string;
  port: number;
  /** Stored objects by `${bucket}/${name}`. */
  objects: Map<string, FakeStorageObject>;
  requests: FakeStorageRequest[];
  /** The next `times` requests answer `status` with a Google-style error body. */
  failNext(status: number, times?: number): void;
}

interface Session {
  bucket: string;
  name: string;
  contentType: string;
  size: number;
  received: Buffer[];
  receivedBytes: number;
  customMetadata?: Record<string, string>;
  final?: FakeStorageObject;
}

const UPLOAD_HEADERS = 'X-Goog-Upload-Status, X-Goog-Upload-URL, X-Goog-Upload-Size-Received, X-Goog-Upload-Chunk-Granularity';

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  res.end(text);
}

const googleError = (code: number, message: string) => ({ error: { code, message } });

/** The object resource the SDK maps into FullMetadata (size as a string, like the real API). */
function resource(obj: FakeStorageObject) {
  return {
    kind: 'storage#object',
    name: obj.name,
    bucket: obj.bucket,
    generation: String(Date.parse(obj.created) * 1000),
    metageneration: '1',
    contentType: obj.contentType,
    timeCreated: obj.created,
    updated: obj.created,
    storageClass: 'STANDARD',
    size: String(obj.data.length),
    md5Hash: crypto.createHash('md5').update(obj.data).digest('base64'),
    contentEncoding: 'identity',
    contentDisposition: `inline; filename*=utf-8''${encodeURIComponent(obj.name.split('/').pop() ?? obj.name)}`,
    etag: crypto.createHash('sha1').update(obj.data).digest('base64').slice(0, 12),
    metadata: obj.customMetadata,
    downloadTokens: obj.token,
  };
}

/** Splits a multipart/related body into its parts' bodies (JSON metadata, then the data). */
function multipartParts(body: Buffer, boundary: string): Buffer[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const headerEnd = part.indexOf('\r\n\r\n');
    parts.push(part.subarray(headerEnd + 4));
    at = next;
  }
  return parts;
}

export async function startFakeFirebaseStorage(): Promise<FakeFirebaseStorage> {
  const objects = new Map<string, FakeStorageObject>();
  const sessions = new Map<string, Session>();
  const requests: FakeStorageRequest[] = [];
  const failures: number[] = [];
  let origin = '';

  const store = (s: Omit<FakeStorageObject, 'token' | 'created'>): FakeStorageObject => {
    const obj = { ...s, token: crypto.randomUUID(), created: new Date().toISOString() };
    objects.set(`${obj.bucket}/${obj.name}`, obj);
    return obj;
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', UPLOAD_HEADERS);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    const protocol = req.headers['x-goog-upload-protocol'] as string | undefined;
    const command = req.headers['x-goog-upload-command'] as string | undefined;
    const offsetHeader = req.headers['x-goog-upload-offset'] as string | undefined;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      protocol,
      command,
      offset: offsetHeader === undefined ? undefined : Number(offsetHeader),
      bytes: body.length,
    });

    const failure = failures.shift();
    if (failure) return send(res, failure, googleError(failure, `Injected failure ${failure}`));

    const bucketMatch = /^\/v0\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
    if (!bucketMatch) return send(res, 404, googleError(404, 'Not Found'));
    const bucket = decodeURIComponent(bucketMatch[1]!);
    const objectName = bucketMatch[2] && decodeURIComponent(bucketMatch[2]);

    if (req.method === 'GET' && objectName) {
      const obj = objects.get(`${bucket}/${objectName}`);
      if (!obj) return send(res, 404, googleError(404, 'Not Found.  Could not get object'));
      if (url.searchParams.get('alt') !== 'media') return send(res, 200, resource(obj));
      if (url.searchParams.get('token') !== obj.token) return send(res, 403, googleError(403, 'Permission denied.'));
      res.writeHead(200, { 'Content-Type': obj.contentType, 'Content-Length': String(obj.data.length) });
      res.end(obj.data);
      return;
    }
    if (req.method !== 'POST' || objectName) return send(res, 405, googleError(405, 'Method not allowed'));

    const uploadId = url.searchParams.get('upload_id');
    if (uploadId) {
      const session = sessions.get(uploadId);
      if (!session) return send(res, 404, googleError(404, 'No such upload'), { 'X-Goog-Upload-Status': 'final' });
      const commands = (command ?? '').split(',').map((c) => c.trim());
      if (commands.includes('query')) {
        return send(res, 200, undefined, {
          'X-Goog-Upload-Status': session.final ? 'final' : 'active',
          'X-Goog-Upload-Size-Received': String(session.receivedBytes),
        });
      }
      if (commands.includes('upload')) {
        if (Number(offsetHeader) !== session.receivedBytes) {
          return send(res, 400, googleError(400, 'Invalid upload offset'), { 'X-Goog-Upload-Status': 'active' });
        }
        session.received.push(body);
        session.receivedBytes += body.length;
      }
      if (commands.includes('finalize')) {
        if (session.receivedBytes !== session.size) {
          return send(res, 400, googleError(400, 'Upload is incomplete'), { 'X-Goog-Upload-Status': 'active' });
        }
        session.final ??= store({
          bucket: session.bucket,
          name: session.name,
          contentType: session.contentType,
          data: Buffer.concat(session.received),
          customMetadata: session.customMetadata,
        });
        return send(res, 200, resource(session.final), { 'X-Goog-Upload-Status': 'final' });
      }
      return send(res, 200, undefined, {
        'X-Goog-Upload-Status': 'active',
        'X-Goog-Upload-Size-Received': String(session.receivedBytes),
      });
    }

    const name = url.searchParams.get('name');
    if (!name) return send(res, 400, googleError(400, 'Missing name'));

    if (protocol === 'multipart') {
      const boundary = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')?.[1];
      const [metaPart, dataPart] = boundary ? multipartParts(body, boundary) : [];
      if (!metaPart || !dataPart) return send(res, 400, googleError(400, 'Malformed multipart body'));
      const meta = JSON.parse(metaPart.toString('utf8')) as { contentType?: string; metadata?: Record<string, string> };
      const obj = store({
        bucket,
        name,
        contentType: meta.contentType ?? 'application/octet-stream',
        data: Buffer.from(dataPart),
        customMetadata: meta.metadata,
      });
      return send(res, 200, resource(obj));
    }

    if (protocol === 'resumable' && command === 'start') {
      const meta = body.length
        ? (JSON.parse(body.toString('utf8')) as { contentType?: string; metadata?: Record<string, string> })
        : {};
      const id = crypto.randomBytes(12).toString('hex');
      sessions.set(id, {
        bucket,
        name,
        contentType: (req.headers['x-goog-upload-header-content-type'] as string) ?? meta.contentType ?? 'application/octet-stream',
        size: Number(req.headers['x-goog-upload-header-content-length'] ?? 0),
        received: [],
        receivedBytes: 0,
        customMetadata: meta.metadata,
      });
      const uploadUrl = `${origin}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}&upload_id=${id}&upload_protocol=resumable`;
      return send(res, 200, undefined, {
        'X-Goog-Upload-Status': 'active',
        'X-Goog-Upload-URL': uploadUrl,
        'X-Goog-Upload-Chunk-Granularity': String(256 * 1024),
      });
    }
    return send(res, 400, googleError(400, 'Unsupported upload protocol'));
  }

  const running = await listen((req, res) => {
    handle(req, res).catch(() => send(res, 500, googleError(500, 'Fake storage failed')));
  });
  origin = running.url;
  const { port } = new URL(running.url);
  return {
    url: running.url,
    host: '127.0.0.1',
    port: Number(port),
    close: running.close,
    objects,
    requests,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
  };
}
