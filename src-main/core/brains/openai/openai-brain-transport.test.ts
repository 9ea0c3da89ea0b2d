import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../../shared/domain/message';
import { startScriptedOpenAIServer, type ScriptedServer } from '../../testing/scripted-openai-server';
import { IDLE_SOCKET_MS } from './json-post';
import { OpenAIBrain } from './openai-brain';

const user = (content: string): AgentMessage => ({ role: 'user', content });
const completion = (content: string) => ({
  id: 'x',
  object: 'chat.completion',
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

/** A bare HTTP server answering each request with `handle`; counts connections and requests per connection. */
async function rawServer(
  handle: (req: IncomingMessage, res: ServerResponse, nth: number, socket: Socket, body: string) => void,
) {
  const connections: Socket[] = [];
  const perSocket = new Map<Socket, number>();
  const server: Server = createServer((req, res) => {
    const socket = req.socket;
    const nth = (perSocket.get(socket) ?? 0) + 1;
    perSocket.set(socket, nth);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handle(req, res, nth, socket, body));
  });
  server.on('connection', (socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sendJson = (res: ServerResponse, body: unknown, headers: Record<string, string | number> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('OpenAIBrain one-shot transport', () => {
  it('sends the request body byte for byte as JSON.stringify of raw.request, multi-byte text included', async () => {
    server.push({ content: 'ok' });
    const text = 'Grüße, 世界 🌍 "quoted" \\ back\nslash';
    const reply = await new OpenAIBrain({ model: 'm', api_url: server.url }).continueChat([user(text)]);
    const sent = server.requests[0];
    expect(sent.rawBody).toBe(JSON.stringify(reply.raw?.request));
    expect(Number(sent.headers['content-length'])).toBe(Buffer.byteLength(sent.rawBody));
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body.messages).toEqual([{ role: 'user', content: text }]);
  });

  it('streamed or not, every request of a conversation is JSON.stringify of its raw.request, byte for byte', async () => {
    const brain = new OpenAIBrain({ model: 'm', api_url: server.url, temperature: 0.3 });
    const tools = [{ type: 'function' as const, function: { name: 'add', parameters: { type: 'object' } } }];
    const conversation: AgentMessage[] = [user('add ü')];
    for (const stream of [false, true, false, true]) {
      const id = `c${conversation.length}`;
      server.push({ toolCalls: [{ id, name: 'add', arguments: '{"a":1}' }] });
      let reply;
      if (stream) {
        const chat = brain.streamChat(conversation, { tools });
        let step = await chat.next();
        while (!step.done) step = await chat.next();
        reply = step.value;
      } else reply = await brain.continueChat(conversation, { tools });
      const sent = server.requests.at(-1)!;
      expect(sent.rawBody).toBe(JSON.stringify(reply.raw?.request));
      expect(sent.headers['content-type']).toBe('application/json');
      expect(sent.body.stream ?? false).toBe(stream);
      conversation.push(
        { role: 'assistant', content: '', toolCalls: [{ id, name: 'add', arguments: { a: 1 } }] },
        { role: 'tool', content: `{"sum":${conversation.length}} ${'é'.repeat(3000)}`, toolCallId: id, name: 'add' },
      );
    }
    expect(server.requests.at(-1)!.body.messages).toHaveLength(7);
  });

  it('keeps one connection open across the requests of a run, and across brains (one pool per server)', async () => {
    const raw = await rawServer((_req, res) => sendJson(res, completion('ok')));
    try {
      const brains = [
        new OpenAIBrain({ model: 'm', api_url: raw.url }),
        new OpenAIBrain({ model: 'm', api_url: raw.url }),
      ];
      for (let i = 0; i < 4; i++) expect((await brains[i % 2].continueChat([user(`q${i}`)])).content).toBe('ok');
      expect(raw.connections).toHaveLength(1);
    } finally {
      await raw.close();
    }
  });

  it('sends a request again on a new connection when the pooled one turns out closed, and only then', async () => {
    // The second request on a connection finds it reset (a server that dropped an idle keep-alive connection).
    const raw = await rawServer((_req, res, nth, socket) =>
      nth === 1 ? sendJson(res, completion('ok')) : socket.destroy(),
    );
    try {
      const brain = new OpenAIBrain({ model: 'm', api_url: raw.url });
      expect((await brain.continueChat([user('one')])).content).toBe('ok');
      expect((await brain.continueChat([user('two')])).content).toBe('ok');
      expect(raw.connections).toHaveLength(2);
    } finally {
      await raw.close();
    }
    // A fresh connection that is reset is a failure at once (the request reached the server: no retry).
    const reset = await rawServer((_req, _res, _nth, socket) => socket.destroy());
    try {
      await expect(new OpenAIBrain({ model: 'm', api_url: reset.url }).continueChat([user('x')])).rejects.toMatchObject(
        { code: 'brain_unreachable', message: expect.stringContaining('closed by the server') },
      );
      expect(reset.connections).toHaveLength(1);
    } finally {
      await reset.close();
    }
  });

  it('waits for a slow model past the pool idle time: only idle connections are closed', async () => {
    server.push({ content: 'slow but sure', delayMs: IDLE_SOCKET_MS + 500 });
    const brain = new OpenAIBrain({ model: 'm', api_url: server.url, timeout: 30 });
    expect((await brain.continueChat([user('think hard')])).content).toBe('slow but sure');
  }, 15_000);

  it('follows a 307 to another origin without the api key; a reply that does not decompress is a bad response', async () => {
    const seen: Array<string | undefined> = [];
    const other = await rawServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': 4 });
      res.end('nope');
    });
    const moved = await rawServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(307, { location: `${other.url}/chat/completions`, 'content-length': 0 });
      res.end();
    });
    try {
      const brain = new OpenAIBrain({ model: 'm', api_url: moved.url, api_key: 'sk-secret' });
      await expect(brain.continueChat([user('hi')])).rejects.toMatchObject({
        code: 'brain_bad_response',
        message: expect.stringContaining('its compressed reply does not decode'),
      });
      expect(seen).toEqual(['Bearer sk-secret', undefined]);
    } finally {
      await moved.close();
      await other.close();
    }
  });

  it('decodes a gzip reply, and follows a 307 to the moved endpoint with the same body', async () => {
    const body = gzipSync(JSON.stringify(completion('zipped')));
    const bodies: string[] = [];
    const raw = await rawServer((req, res, _nth, _socket, sent) => {
      bodies.push(`${req.url} ${sent}`);
      if (req.url === '/v1/chat/completions') {
        res.writeHead(307, { location: '/v2/chat/completions', 'content-length': 0 });
        res.end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': body.length,
      });
      res.end(body);
    });
    try {
      const brain = new OpenAIBrain({ model: 'm', api_url: raw.url });
      const reply = await brain.continueChat([user('hi')]);
      expect(reply.content).toBe('zipped');
      expect(reply.raw?.response).toEqual(completion('zipped'));
      const request = JSON.stringify(reply.raw?.request);
      expect(bodies).toEqual([`/v1/chat/completions ${request}`, `/v2/chat/completions ${request}`]);
    } finally {
      await raw.close();
    }
  });
});
