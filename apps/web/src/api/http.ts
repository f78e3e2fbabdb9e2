/**
 * The two HTTP clients, over fetch (docs/architecture.md, web app):
 * - `api`: the product's API base (/api); attaches the bearer token; a 401 removes the token.
 * - `sharedApi`: the API host plus the /api prefix with a 10-second time-out; a 401 also removes the
 *   stored name, email, role and addresses.
 * Both: 403 and 404 only log a warning; no response at all logs 'No response from server'; any
 * response carrying a user object has its name, email, role, phone and addresses stored.
 */
import { MESSAGES } from '@pumpkart/shared';
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

/** The server's message when there is one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return messageOf(error.data) ?? fallback;
  return fallback;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the store log the user out when any call answers 401. Returns the unsubscribe function. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
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
  /** On 401, also remove the stored name, email, role and addresses (the second client). */
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

function storeUserFrom(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const user = (data as { user?: unknown }).user;
  if (user && typeof user === 'object') storage.storeUser(user as Parameters<typeof storage.storeUser>[0]);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    const token = storage.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
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

    const data = await parseBody(response);
    if (!response.ok) {
      if (response.status === 401) {
        storage.removeToken();
        if (options.clearUserOn401) storage.removeUserDetails();
        unauthorizedListeners.forEach((listener) => listener());
      } else if (response.status === 403 || response.status === 404) {
        console.warn(`${method} ${path}: ${response.status} ${messageOf(data) ?? ''}`.trim());
      }
      throw new HttpError(response.status, data);
    }
    storeUserFrom(data);
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
