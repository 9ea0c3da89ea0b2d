import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completionBody, completionChunks, wireToolCalls } from './scripted-completion';
import {
  defaultErrorBody,
  isError,
  isGarbage,
  isHang,
  isStream,
  openAIErrorBody,
  type ReceivedRequest,
  type ScriptedAnswer,
  type ScriptedReply,
} from './scripted-reply';

export type {
  ReceivedRequest,
  ScriptedReply,
  ScriptedToolCall,
  ScriptedAnswer,
  ScriptedStream,
} from './scripted-reply';

/** Picks the reply of the chat request number `index` (from 0, since the last reset). */
export type ReplyFunction = (request: ReceivedRequest, index: number) => ScriptedReply;

export interface ScriptedServerOptions {
  replies?: ScriptedReply[] | ReplyFunction;
  /** When set, `GET /v1/models` lists these and a chat request naming another model gets OpenAI's 404. */
  models?: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get OpenAI's 401. */
  apiKey?: string;
  /** Start again from the first reply when the list runs out (instead of a 500). */
  loop?: boolean;
  /** Default 0 (any free port). */
  port?: number;
  /**
   * Serve `/__script/*` control routes (for a server in another process, e.g. e2e): POST `replies` (JSON array:
   * replaces the script), POST `push` (appends), POST `reset`, GET `requests`. Not recorded in `requests`.
   */
  control?: boolean;
}

/** A scripted OpenAI-compatible server on 127.0.0.1. */
export interface ScriptedServer {
  /** Base URL ending with `/v1` (what OpenAI clients call baseURL). */
  url: string;
  port: number;
  /** Every request received (chat and models), in order. */
  requests: ReceivedRequest[];
  /** Only the `POST .../chat/completions` requests, in order. */
  readonly chatRequests: ReceivedRequest[];
  push(...replies: ScriptedReply[]): void;
  /** Replaces the script (a list, or one function) and starts from its first reply. */
  setReplies(...replies: ScriptedReply[] | [ReplyFunction]): void;
  /** Forgets the recorded requests and the script; tool call numbering starts again at `call_1`. */
  reset(): void;
  close(): Promise<void>;
}

const CHAT_PATH = /\/chat\/completions\/?$/;
const MODELS_PATH = /\/models\/?$/;

/** Starts a real HTTP server speaking chat-completions (JSON and SSE) with scripted replies. */
export async function startScriptedOpenAIServer(options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  let list: ScriptedReply[] = [];
  let fn: ReplyFunction | null = null;
  let cursor = 0;
  let chatIndex = 0;
  let callCounter = 0;
  let completionCounter = 0;
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const setReplies = (...replies: ScriptedReply[] | [ReplyFunction]) => {
    if (typeof replies[0] === 'function') {
      fn = replies[0];
      list = [];
    } else {
      fn = null;
      list = [...(replies as ScriptedReply[])];
    }
    cursor = 0;
  };
  if (typeof options.replies === 'function') setReplies(options.replies);
  else setReplies(...(options.replies ?? []));

  const nextReply = (request: ReceivedRequest): ScriptedReply => {
    const index = chatIndex++;
    if (fn) return fn(request, index);
    if (cursor >= list.length && options.loop && list.length > 0) cursor = 0;
    if (cursor < list.length) return list[cursor++];
    return {
      status: 500,
      body: openAIErrorBody(
        `Scripted server: the script is exhausted (request #${index + 1}, ${list.length} replies scripted).`,
        'server_error',
        'script_exhausted',
      ),
    };
  };

  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (!ms) return resolve(!res.destroyed);
      const onClose = () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', onClose);
        resolve(!res.destroyed);
      }, ms);
      timers.add(timer);
      res.once('close', onClose);
    });

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  const answer = async (req: ReceivedRequest, res: ServerResponse, reply: ScriptedReply) => {
    if (isHang(reply)) return;
    if (!(await wait(reply.delayMs ?? 0, res))) return;
    if (isError(reply)) {
      const headers = reply.headers ?? {};
      if (reply.rawBody !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end(reply.rawBody);
      } else sendJson(res, reply.status, reply.body ?? defaultErrorBody(reply.status), headers);
      return;
    }
    if (isGarbage(reply)) {
      res.writeHead(200, { 'content-type': reply.contentType ?? 'application/json' });
      res.end(reply.garbage);
      return;
    }
    if (isStream(reply)) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const times = reply.repeat === undefined ? 1 : reply.repeat < 0 ? Infinity : reply.repeat;
      const frames = reply.sse.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
      for (let round = 0; round < times; round++) {
        if (res.destroyed) return;
        for (const frame of frames) {
          if (res.destroyed) return;
          // Waits for a slow reader instead of queueing an endless stream in memory.
          if (!res.write(frame)) await drained(res);
          if (reply.chunkDelayMs && !(await wait(reply.chunkDelayMs, res))) return;
        }
        if (frames.length === 0 || (!reply.chunkDelayMs && round % 64 === 63)) await new Promise(setImmediate);
      }
      if (reply.cut) {
        // Let the written events reach the client first, then drop the connection mid-response.
        if (await wait(20, res)) res.socket?.destroy();
        return;
      }
      res.end(reply.done === false ? '' : 'data: [DONE]\n\n');
      return;
    }
    const scripted = reply as ScriptedAnswer;
    const calls = wireToolCalls(scripted, () => `call_${++callCounter}`);
    const id = `chatcmpl-scripted-${++completionCounter}`;
    const model = typeof req.body?.model === 'string' ? req.body.model : 'scripted-model';
    if (req.body?.stream !== true) return sendJson(res, 200, completionBody(id, model, scripted, calls));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const includeUsage = req.body?.stream_options?.include_usage === true;
    for (const chunk of completionChunks(id, model, scripted, calls, includeUsage)) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (scripted.chunkDelayMs && !(await wait(scripted.chunkDelayMs, res))) return;
    }
    res.end('data: [DONE]\n\n');
  };

  const handle = async (incoming: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const path = (incoming.url ?? '/').split('?')[0];
    if (options.control && path.startsWith('/__script/'))
      return control(incoming.method ?? 'GET', path.slice('/__script/'.length), body, res);
    const req: ReceivedRequest = {
      method: incoming.method ?? 'GET',
      path,
      headers: { ...incoming.headers },
      body,
      rawBody,
      at: Date.now(),
    };
    requests.push(req);

    if (options.apiKey !== undefined && incoming.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, defaultErrorBody(401));
    }
    if (req.method === 'GET' && MODELS_PATH.test(path)) {
      const ids = options.models ?? ['scripted-model'];
      return sendJson(res, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })),
      });
    }
    if (req.method !== 'POST' || !CHAT_PATH.test(path)) {
      return sendJson(
        res,
        404,
        openAIErrorBody(`Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url'),
      );
    }
    if (body === undefined || typeof body !== 'object') {
      return sendJson(
        res,
        400,
        openAIErrorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
    }
    const model = req.body.model;
    if (options.models && !options.models.includes(model)) {
      return sendJson(
        res,
        404,
        openAIErrorBody(
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    }
    await answer(req, res, nextReply(req));
  };

  const control = (method: string, action: string, body: unknown, res: ServerResponse) => {
    if (method === 'GET' && action === 'requests') return sendJson(res, 200, requests);
    if (method === 'POST' && action === 'reset') {
      api.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && (action === 'replies' || action === 'push') && Array.isArray(body)) {
      if (action === 'replies') setReplies(...(body as ScriptedReply[]));
      else api.push(...(body as ScriptedReply[]));
      return sendJson(res, 200, { ok: true });
    }
    sendJson(
      res,
      400,
      openAIErrorBody(
        `Unknown control request ${method} /__script/${action} (replies and push take a JSON array).`,
        'invalid_request_error',
        null,
      ),
    );
  };

  const server = createServer((incoming, res) => {
    handle(incoming, res).catch((error) => {
      if (!res.headersSent)
        sendJson(res, 500, openAIErrorBody(`Scripted server failed: ${String(error)}`, 'server_error', null));
      else res.destroy();
    });
  });
  // Idle connections stay open for the next request, as a real provider's do (close() ends them). Node announces the
  // timeout in a `Keep-Alive: timeout=N` header and undici drops a socket within 2 s of it: at 1 s every JSON reply
  // cost a new TCP connection. A short timeout also races a client whose event loop was busy past it (10 MB tool
  // results): it reuses a socket the server has just closed and gets EPIPE. 60 s leaves room for both.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const api: ScriptedServer = {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get chatRequests() {
      return requests.filter((r) => r.method === 'POST' && CHAT_PATH.test(r.path));
    },
    push: (...replies) => {
      fn = null;
      list.push(...replies);
    },
    setReplies,
    reset: () => {
      requests.length = 0;
      setReplies();
      chatIndex = 0;
      callCounter = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return api;
}

/** Resolves when a slow reader has taken what was written (or went away); leaves no listener behind. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
