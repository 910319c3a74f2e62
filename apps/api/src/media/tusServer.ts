import fs from 'node:fs/promises';
import path from 'node:path';
import { Server, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import {
  API_MESSAGES,
  MEDIA_KINDS,
  UPLOAD_MESSAGES,
  isUnsafeFileName,
  type MediaKind,
  type UploadResult,
} from '@samaa/shared';
import type { AppContext } from '../context.js';
import { readAudioMetadata } from './audioMetadata.js';
import { SNIFF_BYTES, sniffFile, type MediaFormat } from './formats.js';
import { mediaUrlPath, storedFileName, type MediaStore } from './mediaStore.js';

export const UPLOADS_PATH = '/api/uploads';
const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/** The shape @tus/server turns into a response when a hook throws it. */
interface TusError {
  status_code: number;
  body: string;
}

const tusError = (status: number, message: string): TusError => ({
  status_code: status,
  body: JSON.stringify({ message }),
});

const isTusError = (err: unknown): err is TusError =>
  typeof err === 'object' && err !== null && typeof (err as TusError).status_code === 'number';

/** Checks what the client declared when it creates an upload: kind, name and size. */
function checkNewUpload(ctx: AppContext, upload: Upload): void {
  const kind = upload.metadata?.kind;
  if (!kind || !(MEDIA_KINDS as readonly string[]).includes(kind)) throw tusError(400, UPLOAD_MESSAGES.invalidKind);
  const name = upload.metadata?.filename;
  if (!name) throw tusError(400, UPLOAD_MESSAGES.missingName);
  if (isUnsafeFileName(name)) throw tusError(400, UPLOAD_MESSAGES.unsafeName);
  if (upload.size === undefined) throw tusError(400, UPLOAD_MESSAGES.lengthRequired);
  if (upload.size === 0) throw tusError(400, UPLOAD_MESSAGES.emptyFile);
  const { maxAudioBytes, maxImageBytes } = ctx.config.media;
  if (kind === 'audio' && upload.size > maxAudioBytes) {
    throw tusError(413, UPLOAD_MESSAGES.audioTooLarge(Math.round(maxAudioBytes / MB)));
  }
  if (kind === 'image' && upload.size > maxImageBytes) {
    throw tusError(413, UPLOAD_MESSAGES.imageTooLarge(Math.round(maxImageBytes / MB)));
  }
}

/** Removes an upload's data file and its .json description. */
async function discard(store: MediaStore, id: string): Promise<void> {
  const data = path.join(store.incomingDir, id);
  await Promise.all([fs.rm(data, { force: true }), fs.rm(`${data}.json`, { force: true })]);
}

/** The declared kind's format check, shared by the early and the final check. */
async function rejectIfNotOfKind(store: MediaStore, upload: Upload): Promise<MediaFormat> {
  const kind = upload.metadata?.kind as MediaKind;
  const format = await sniffFile(path.join(store.incomingDir, upload.id)).catch(() => undefined);
  if (!format || format.kind !== kind) {
    await discard(store, upload.id);
    throw tusError(415, kind === 'audio' ? UPLOAD_MESSAGES.notAudio : UPLOAD_MESSAGES.notImage);
  }
  return format;
}

/**
 * A complete upload: its bytes must be of the declared kind, then it moves to audio/ or images/
 * under `{timestamp}{sanitised name}`. Anything else is deleted, so no partial file stays behind.
 */
async function finishUpload(ctx: AppContext, store: MediaStore, upload: Upload): Promise<UploadResult> {
  const kind = upload.metadata!.kind as MediaKind;
  const source = path.join(store.incomingDir, upload.id);
  const format = await rejectIfNotOfKind(store, upload);
  const name = storedFileName(store, upload.metadata!.filename!, format);
  const target = path.join(store.dirOf(kind), name);
  await fs.rename(source, target);
  await discard(store, upload.id);
  const result: UploadResult = { url: mediaUrlPath(kind, name) };
  if (kind === 'audio') result.metadata = await readAudioMetadata(store, target, ctx.logger);
  ctx.logger.info({ url: result.url, bytes: upload.size }, 'media uploaded');
  return result;
}

/** tus server (resumable uploads) writing into MEDIA_DIR/.incoming. Auth is checked before it. */
export function createTusServer(ctx: AppContext, store: MediaStore): Server {
  const datastore = new FileStore({ directory: store.incomingDir, expirationPeriodInMilliseconds: DAY_MS });
  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    // The client resolves a relative Location against its endpoint: works behind any proxy.
    relativeLocation: true,
    // Creation is checked per kind in onUploadCreate (0: no global limit there); an upload's
    // length is fixed from then on, so later requests only need the overall ceiling.
    maxSize: (req) => (req.method === 'POST' ? 0 : Math.max(ctx.config.media.maxAudioBytes, ctx.config.media.maxImageBytes)),
    allowedOrigins: (origin) => ctx.config.corsOrigins.includes(origin),
    async onUploadCreate(_req, upload) {
      checkNewUpload(ctx, upload);
      return {};
    },
    // A chunked upload of the wrong kind is refused at its next chunk, not after the last one.
    async onIncomingRequest(req, id) {
      if (req.method !== 'PATCH') return;
      const upload = await datastore.getUpload(id).catch(() => undefined);
      if (upload && upload.offset >= SNIFF_BYTES) await rejectIfNotOfKind(store, upload);
    },
    async onUploadFinish(req, upload) {
      const result = await finishUpload(ctx, store, upload);
      // A PATCH answers 204 by default, which can carry no body; tus clients accept any 2xx.
      return {
        ...(req.method === 'PATCH' ? { status_code: 200 } : {}),
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(result),
      };
    },
    onResponseError(_req, err) {
      if (isTusError(err)) {
        const body = err.body.trim();
        return { status_code: err.status_code, body: body.startsWith('{') ? body : JSON.stringify({ message: body }) };
      }
      ctx.logger.error({ err }, 'upload failed');
      return tusError(500, API_MESSAGES.internal);
    },
  });
  const sweep = () =>
    server.cleanUpExpiredUploads().catch((err: unknown) => ctx.logger.warn({ err }, 'expired upload sweep failed'));
  void sweep();
  setInterval(sweep, DAY_MS / 24).unref();
  return server;
}
