import express from 'express';
import { parseProfileParams, profileParams } from '../../transcode/profiles.js';
import { notFoundError, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';
import { parseClientInfo } from '../transcoding/clientInfo.js';
import { transcodeDecision } from '../transcoding/transcodeDecision.js';
import { BusyError, localSource, offsetParam, sendTranscode } from './stream.js';

/** The ClientInfo body: JSON, whatever its Content-Type says (a form body was already read). */
const jsonBody = express.json({ limit: '64kb', type: () => true });

function readJson(call: SubsonicCall): Promise<unknown> {
  if (call.req.readableEnded || (call.req as { _body?: boolean })._body) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    jsonBody(call.req, call.res, (err?: unknown) => resolve(err ? new SubsonicError(SUBSONIC_ERRORS.generic, 'The body must be a ClientInfo in JSON') : call.req.body));
  });
}

/** A song of the catalogue, for `mediaId` with `mediaType=song` (Samaa has no podcasts). */
async function mediaOf(call: SubsonicCall) {
  const id = call.params.required('mediaId');
  const type = call.params.required('mediaType');
  if (type !== 'song') throw new SubsonicError(SUBSONIC_ERRORS.generic, 'mediaType must be song: Samaa has no podcasts');
  const song = await call.ctx.catalogue.songById(id);
  if (!song) throw notFoundError('Song');
  const source = await localSource(call, song);
  if (!source) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'This song is not stored on this server and cannot be transcoded');
  return source;
}

/** getTranscodeStream answers errors with an HTTP status and a message, as the extension says. */
function httpStatusOf(err: SubsonicError): number {
  if (err.code === SUBSONIC_ERRORS.notFound) return 404;
  return err instanceof BusyError ? 503 : 400;
}

/** The OpenSubsonic `transcoding` extension (advertised only when ffmpeg is found). */
export const transcodingMethods: Record<string, SubsonicMethod> = {
  getTranscodeDecision: async (call) => {
    const source = await mediaOf(call);
    const body = await readJson(call);
    if (body instanceof SubsonicError) throw body;
    if (body === undefined || body === null || (typeof body === 'object' && Object.keys(body).length === 0)) {
      throw new SubsonicError(SUBSONIC_ERRORS.missingParameter, 'Required: a ClientInfo JSON body (POST)');
    }
    const client = parseClientInfo(body);
    if (typeof client === 'string') throw new SubsonicError(SUBSONIC_ERRORS.generic, `Invalid ClientInfo: ${client}`);
    const decision = transcodeDecision(source, client, await call.ctx.transcoder.available());
    const payload: Payload = {
      canDirectPlay: decision.canDirectPlay,
      canTranscode: decision.canTranscode,
      transcodeReason: decision.transcodeReason,
      errorReason: decision.canDirectPlay || decision.canTranscode ? '' : 'No direct play or transcoding profile fits this song',
      transcodeParams: decision.profile && profileParams(decision.profile),
      sourceStream: { ...decision.sourceStream },
      transcodeStream: decision.transcodeStream && { ...decision.transcodeStream },
    };
    return { transcodeDecision: payload };
  },

  getTranscodeStream: async (call) => {
    try {
      const source = await mediaOf(call);
      const profile = parseProfileParams(call.params.required('transcodeParams'));
      if (!profile) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'transcodeParams is not one getTranscodeDecision gave');
      if (!(await call.ctx.transcoder.available())) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'Transcoding is off on this server');
      return await sendTranscode(call, source, profile, offsetParam(call, 'offset'));
    } catch (err) {
      if (!(err instanceof SubsonicError) || call.res.headersSent) throw err;
      call.res.status(httpStatusOf(err)).type('text/plain').send(err.message);
      return 'sent';
    }
  },
};
