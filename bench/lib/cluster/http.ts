/**
 * The cluster test's HTTP client (bench/cluster.ts): node:http with keep-alive, one client per buyer, each from
 * its own loopback address (127.10.x.y), so that nginx sees, and hands on in X-Forwarded-For, a client address
 * per buyer, as it would for buyers on their own machines. Per-address limits (the login rate limit) then apply
 * per buyer, as in a real shop. An answer never throws: no answer at all (refused, reset, time-out) is status 0
 * with the error, so that a load can count failures instead of stopping at the first.
 */
import http from 'node:http';

export interface Answer {
  /** 0 when no answer came. */
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
  error?: string;
  /** performance.now() when the request was sent and when its answer (or failure) came. */
  startedAt: number;
  endedAt: number;
}

export interface RequestOptions {
  json?: unknown;
  /** A multipart/form-data body (the admin's product form). */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The loopback address of client number `index` (0-based): 127.10.0.1, 127.10.0.2, ... 250 per third byte. */
export function clientAddress(index: number): string {
  return `127.10.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    readonly baseUrl: string,
    /** The local address the connections come from; unset: the system's choice (127.0.0.1). */
    readonly localAddress?: string,
    /** Sent as the bearer token unless a request names its own. */
    public token?: string,
  ) {}

  get(path: string, options: RequestOptions = {}) {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { ...options, json });
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.token ?? this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: Buffer | undefined;
    if (options.form) {
      // A Response serialises a FormData as multipart and names the boundary in its content type.
      const encoded = new Response(options.form);
      body = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    } else if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json));
      headers['content-type'] = 'application/json';
    }
    if (body) headers['content-length'] = String(body.length);
    const startedAt = performance.now();
    return new Promise<Answer>((resolve) => {
      const url = new URL(path, this.baseUrl);
      const request = http.request(
        url,
        { method, headers, agent: this.agent, localAddress: this.localAddress },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => done({ status: 0, error: error.message }));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            done({ status: response.statusCode ?? 0, headers: response.headers, body: parse(text) });
          });
        },
      );
      let settled = false;
      const done = (answer: Partial<Answer>) => {
        if (settled) return;
        settled = true;
        resolve({ status: 0, headers: {}, body: null, ...answer, startedAt, endedAt: performance.now() });
      };
      request.setTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => {
        request.destroy(new Error(`no answer within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`));
      });
      request.on('error', (error) => done({ status: 0, error: error.message }));
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A field of a JSON object answer, or undefined. */
export const field = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;

/** The `message` of an error answer, or a short form of whatever came. */
export function messageOf(answer: Answer): string {
  if (answer.error) return answer.error;
  const message = field(answer.body, 'message');
  if (typeof message === 'string') return message;
  if (typeof answer.body !== 'string') return String(JSON.stringify(answer.body)).slice(0, 200);
  // An HTML page (nginx's 502): its title says it.
  const title = /<title>([^<]*)<\/title>/i.exec(answer.body)?.[1];
  return (title ?? answer.body).replace(/\s+/g, ' ').trim().slice(0, 200);
}
