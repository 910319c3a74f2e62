import { isObjectId } from '../../http/validate.js';
import { notFoundError, requireAdmin, type SubsonicCall, type SubsonicMethod } from '../call.js';
import { SUBSONIC_ERRORS, SubsonicError, type Payload } from '../response.js';
import {
  countRadioStations,
  deleteRadioStation,
  insertRadioStation,
  radioStations,
  replaceRadioStation,
  type RadioStation,
} from '../store/listening.repo.js';

/*
 * Internet radio: a list an admin keeps (these calls, with an admin's credentials), which every
 * listener's app plays from the stations' own addresses. Podcasts: Samaa has none, and says so
 * with the empty list.
 */

export const MAX_STATIONS = 200;
const MAX_NAME = 100;
const MAX_URL = 2000;

function httpUrl(call: SubsonicCall, name: string, required: boolean): string | undefined {
  const raw = required ? call.params.required(name) : call.params.optional(name);
  if (raw === undefined || raw === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || raw.length > MAX_URL) {
    throw new SubsonicError(SUBSONIC_ERRORS.generic, `${name} must be an http(s) URL of at most ${MAX_URL} characters`);
  }
  return raw;
}

function stationInput(call: SubsonicCall): Omit<RadioStation, 'id'> {
  requireAdmin(call.user);
  const name = call.params.required('name').trim();
  if (!name || name.length > MAX_NAME) throw new SubsonicError(SUBSONIC_ERRORS.generic, `name must have 1 to ${MAX_NAME} characters`);
  // Subsonic spells it homepageUrl in the calls and homePageUrl in the answers.
  return { name, streamUrl: httpUrl(call, 'streamUrl', true)!, homePageUrl: httpUrl(call, 'homepageUrl', false) };
}

function stationId(call: SubsonicCall): string {
  const id = call.params.required('id');
  if (!isObjectId(id)) throw notFoundError('Radio station');
  return id;
}

export const radioMethods: Record<string, SubsonicMethod> = {
  getInternetRadioStations: async (call) => {
    const stations = await radioStations(call.ctx.data);
    return { internetRadioStations: { internetRadioStation: stations.map((station): Payload => ({ ...station })) } };
  },

  createInternetRadioStation: async (call) => {
    const station = stationInput(call);
    if ((await countRadioStations(call.ctx.data)) >= MAX_STATIONS) {
      throw new SubsonicError(SUBSONIC_ERRORS.generic, `There can be at most ${MAX_STATIONS} radio stations. Delete one first.`);
    }
    await insertRadioStation(call.ctx.data, station);
    return {};
  },

  updateInternetRadioStation: async (call) => {
    const station = stationInput(call);
    if (!(await replaceRadioStation(call.ctx.data, { id: stationId(call), ...station }))) throw notFoundError('Radio station');
    return {};
  },

  deleteInternetRadioStation: async (call) => {
    requireAdmin(call.user);
    if (!(await deleteRadioStation(call.ctx.data, stationId(call)))) throw notFoundError('Radio station');
    return {};
  },

  getPodcasts: async () => ({ podcasts: {} }),
  getNewestPodcasts: async () => ({ newestPodcasts: {} }),
};
