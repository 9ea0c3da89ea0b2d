import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { APIConnectionError, APIError } from 'openai';

/** An answer to a POST: its status, headers and body text (whatever the status). */
export interface PostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface PostOptions {
  /** Headers beside content-type and content-length. */
  headers: Record<string, string>;
  signal: AbortSignal;
  /** The longest body text taken in (characters, as decoded); past it the request is dropped. */
  maxChars: number;
  /** The error to fail with past `maxChars`, given the characters decoded so far (the request is then dropped). */
  tooLarge: (chars: number) => Error;
}

/** Redirects that keep the method and the body (a chat request sent to a moved endpoint still is one). */
const KEEP_METHOD = new Set([307, 308]);
const MAX_REDIRECTS = 5;

/** Idle pooled connections are closed after this long (undici's default keep-alive timeout, as fetch had it). */
export const IDLE_SOCKET_MS = 4000;

/**
 * Shared by every brain, as fetch shares undici's pool: one pool per origin, so brains made run after run reuse
 * the same few connections instead of each leaving idle ones open.
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

/**
 * POSTs a JSON text (or its UTF-8 bytes) over node:http(s) on a shared keep-alive pool, for one-shot (non-streamed)
 * chat requests: the body is written in one piece, the reply is gathered as bytes and decoded once, gzip, deflate
 * and brotli replies are decoded as they come and held to `maxChars`, 307/308 are followed (to another origin
 * without the Authorization header, as fetch does). A pooled connection the server closed while it sat idle is
 * tried again once, on a new socket (the request never reached the server); nothing else is retried. Network
 * failures reject with the `openai` package's APIConnectionError (their cause kept), so they read like those of
 * the streamed path.
 */
export async function postJson(url: string, body: string | Buffer, options: PostOptions): Promise<PostAnswer> {
  const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  let target = new URL(url);
  let sending = options;
  for (let hop = 0; ; hop++) {
    const answer = await postOnce(target, data, sending, true);
    const location = answer.headers.location;
    if (!KEEP_METHOD.has(answer.status) || !location || hop >= MAX_REDIRECTS) return answer;
    const next = new URL(location, target);
    if (next.origin !== target.origin) sending = { ...sending, headers: withoutAuthorization(sending.headers) };
    target = next;
  }
}

function withoutAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
}

function postOnce(url: URL, data: Buffer, options: PostOptions, mayRetry: boolean): Promise<PostAnswer> {
  const agent = AGENTS[url.protocol as keyof typeof AGENTS];
  if (!agent) return Promise.reject(new APIConnectionError({ message: `Unsupported protocol ${url.protocol}` }));
  return new Promise<PostAnswer>((resolve, reject) => {
    let answered = false;
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        agent,
        signal: options.signal,
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          ...options.headers,
          'content-length': data.length,
        },
      },
      (response) => {
        answered = true;
        readBody(response, options).then(
          (text) => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
          (error: unknown) => {
            request.destroy();
            reject(error);
          },
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (mayRetry && request.reusedSocket && error.code === 'ECONNRESET' && !options.signal.aborted)
        postOnce(url, data, options, false).then(resolve, reject);
      else reject(new APIConnectionError({ cause: error }));
    });
    request.end(data);
  });
}

/** The decoded stream of a reply: as it is, or through zlib when it says it is compressed. */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

/**
 * A reply's body as text, never past `maxChars` characters. UTF-8 has at most one character per byte, so
 * characters are counted (decoding as it goes) only once the bytes pass the limit.
 */
function readBody(response: http.IncomingMessage, options: PostOptions): Promise<string> {
  const stream = decoded(response);
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let counter: InstanceType<typeof TextDecoder> | null = null;
    let chars = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
      stream.destroy();
      response.destroy();
    };
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes <= options.maxChars) return;
      if (!counter) {
        counter = new TextDecoder();
        for (const piece of chunks) chars += counter.decode(piece, { stream: true }).length;
      } else chars += counter.decode(chunk, { stream: true }).length;
      if (chars > options.maxChars) fail(options.tooLarge(chars));
    });
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') fail(error);
      else if (error.code?.startsWith('Z_')) fail(new Error(`its compressed reply does not decode: ${error.message}`));
      else fail(new APIConnectionError({ cause: error }));
    });
    response.on('aborted', () => fail(new APIConnectionError({ message: 'The connection closed mid-reply.' })));
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      const whole = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, bytes);
      resolve(whole.toString('utf8'));
    });
  });
}

/** An HTTP error answer as the `openai` client raises it (the status's APIError class, the headers as Headers). */
export function statusErrorOf(answer: PostAnswer): APIError & { headers: Headers } {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const error = APIError.generate(
    answer.status,
    json as object | undefined,
    json === undefined ? answer.text : undefined,
    headers,
  );
  return error as APIError & { headers: Headers };
}
