import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { STORAGE_KEYS } from '@samaa/shared';
import { api } from '../api/client';

/**
 * Fakes our API at the axios boundary: every request of the one `api` client goes to a route
 * table instead of the network. Keys are "METHOD /path" (path relative to the API base URL).
 * A handler returns [status, body] (or a promise of it); status >= 400 rejects like axios does.
 */
export type MockReply = [number, unknown];
export type MockHandler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: AxiosHeaders;
  /** The request's abort signal, when the caller gave one. */
  signal?: AbortSignal;
}

export interface ApiMock {
  calls: RecordedRequest[];
  /** The requests made to one "METHOD /path" key. */
  callsTo(key: string): RecordedRequest[];
  /** Replaces or adds routes. */
  on(routes: Record<string, MockHandler | MockReply>): void;
  restore(): void;
}

export function mockApi(initial: Record<string, MockHandler | MockReply> = {}): ApiMock {
  const routes = new Map<string, MockHandler>();
  const calls: RecordedRequest[] = [];
  const previous = api.defaults.adapter;

  const on = (table: Record<string, MockHandler | MockReply>) => {
    for (const [key, value] of Object.entries(table)) {
      routes.set(key, typeof value === 'function' ? value : () => value);
    }
  };
  on(initial);

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const request: RecordedRequest = {
      method,
      url,
      params: (config.params as Record<string, unknown>) ?? {},
      body: parseBody(config.data),
      headers: AxiosHeaders.from(config.headers),
      signal: config.signal as AbortSignal | undefined,
    };
    calls.push(request);
    const handler = routes.get(`${method} ${url}`);
    const [status, data] = handler
      ? await handler(request)
      : [404, { message: `No mock for ${method} ${url}` }];
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    }
    return response;
  };
  api.defaults.adapter = adapter;

  return {
    calls,
    callsTo: (key) => calls.filter((call) => `${call.method} ${call.url}` === key),
    on,
    restore: () => {
      api.defaults.adapter = previous;
    },
  };
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** A promise whose settling the test controls (to observe in-flight states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

export const TEST_USER = {
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  gender: 'female' as const,
  verified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  isAdmin: false,
};

/** Stores a signed-in listener, as the login screen does. */
export function signInListener(user = TEST_USER): void {
  localStorage.setItem(STORAGE_KEYS.userAuthToken, 'user-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.isUserLoggedIn, 'true');
}
