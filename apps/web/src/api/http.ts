/**
 * The two HTTP clients, over fetch (docs/architecture.md, web app), under the RTK Query api of
 * shop-api.ts:
 * - `api`: the product's API base (/api); attaches the bearer token; a 401 ends the session.
 * - `sharedApi`: the API host plus the /api prefix with a 10-second time-out; a 401 also forgets the
 *   stored name, email, role and addresses.
 * Both: 403 and 404 only log a warning; no response at all logs 'No response from server'; any
 * response carrying a user object hands it to the session. The clients read the stored token but
 * write nothing: the store's session listener (store/session-listener.ts) persists the session.
 */
import { MESSAGES, type User } from '@pumpkart/shared';
import { storage } from '../lib/storage';

/** The server answered with an error status; `data` is its body (`{ message }` from our API). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(messageOf(data) ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
  }
}

/** The request never got an answer: offline, server down, or the time-out passed. */
export class NoResponseError extends Error {
  constructor(readonly timedOut = false) {
    super(MESSAGES.noResponseFromServer);
    this.name = 'NoResponseError';
  }
}

function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  if (typeof data === 'string' && data.trim() && data.length < 300) return data;
  return undefined;
}

/**
 * A failed call as the RTK Query api keeps it (plain data, so that it can live in the store): the
 * server's error status and body, no answer at all, the caller's own abort, or (development and
 * tests only) an answer that does not match the shared contract.
 */
export type ApiFailure =
  | { status: number; data: unknown; message: string }
  | { status: 'NO_RESPONSE'; timedOut: boolean; message: string }
  | { status: 'ABORTED'; message: string }
  | { status: 'SCHEMA_MISMATCH'; message: string };

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof HttpError) return { status: error.status, data: error.data, message: error.message };
  if (error instanceof NoResponseError)
    return { status: 'NO_RESPONSE', timedOut: error.timedOut, message: error.message };
  if (error instanceof DOMException && error.name === 'AbortError') return { status: 'ABORTED', message: 'Aborted' };
  throw error;
}

/** The server answered with an error status (an HttpError, or its ApiFailure). */
export function isHttpFailure(error: unknown): error is { status: number; data: unknown } {
  if (error instanceof HttpError) return true;
  return Boolean(error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number');
}

/** The call got no answer at all (a NoResponseError, or its ApiFailure). */
export function isNoResponse(error: unknown): boolean {
  if (error instanceof NoResponseError) return true;
  return Boolean(error && typeof error === 'object' && (error as { status?: unknown }).status === 'NO_RESPONSE');
}

/** The server's message when there is one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isHttpFailure(error)) return messageOf(error.data) ?? fallback;
  return fallback;
}

type UnauthorizedListener = (details: { clearUser: boolean }) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
type UserListener = (user: Partial<User>) => void;
const userListeners = new Set<UserListener>();

/**
 * Lets the store end the session when any call answers 401 (`clearUser`: the second client's 401,
 * which also forgets the stored user details). Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Lets the store keep the user object of any response. Returns the unsubscribe function. */
export function onUserReceived(listener: UserListener): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * 'blob': a successful answer is read as a Blob (a PDF download); 'stream': its body is handed over unread (a
   * progress stream). An error is read as usual.
   */
  responseType?: 'blob' | 'stream';
}

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
}

export interface HttpClientOptions {
  baseUrl: string;
  /** Milliseconds before a request is abandoned as "no response". */
  timeoutMs?: number;
  /** On 401, also forget the stored name, email, role and addresses (the second client). */
  clearUserOn401?: boolean;
}

function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json().catch(() => null);
  return response.text();
}

function announceUserFrom(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const user = (data as { user?: unknown }).user;
  if (user && typeof user === 'object') userListeners.forEach((listener) => listener(user as Partial<User>));
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const token = storage.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    // A form, or a file sent as it is (its content-type given in opts.headers).
    if (body instanceof FormData || body instanceof Blob) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (opts.signal?.aborted) controller.abort();
    opts.signal?.addEventListener('abort', onAbort);
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : undefined;

    let response: Response;
    try {
      response = await fetch(buildUrl(options.baseUrl, path, opts.query), {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      console.error(MESSAGES.noResponseFromServer);
      throw new NoResponseError(timedOut);
    } finally {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }

    const data = !response.ok
      ? await parseBody(response)
      : opts.responseType === 'blob'
        ? await response.blob()
        : opts.responseType === 'stream'
          ? response.body
          : await parseBody(response);
    if (!response.ok) {
      if (response.status === 401) {
        const details = { clearUser: Boolean(options.clearUserOn401) };
        unauthorizedListeners.forEach((listener) => listener(details));
      } else if (response.status === 403 || response.status === 404) {
        console.warn(`${method} ${path}: ${response.status} ${messageOf(data) ?? ''}`.trim());
      }
      throw new HttpError(response.status, data);
    }
    announceUserFrom(data);
    return { data: data as T, status: response.status, headers: response.headers };
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    delete: (path, body, opts) => request('DELETE', path, body, opts),
  };
}

/** The API base and the API host: one origin here, since one server serves both (docs/architecture.md). */
const API_BASE = import.meta.env.VITE_API_BASE ?? '/api';
const API_HOST = import.meta.env.VITE_API_HOST ?? '';

/** The time-out of the shared client. */
export const SHARED_CLIENT_TIMEOUT_MS = 10_000;

export const api = createHttpClient({ baseUrl: API_BASE, timeoutMs: 30_000 });
export const sharedApi = createHttpClient({
  baseUrl: `${API_HOST}/api`,
  timeoutMs: SHARED_CLIENT_TIMEOUT_MS,
  clearUserOn401: true,
});
