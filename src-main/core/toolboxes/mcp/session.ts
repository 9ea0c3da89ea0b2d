import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { serverLabel, type MCPConfig } from './config';
import { summarizeStderr } from './stderr-summary';
import { CLIENT_CAPABILITIES } from './client-handlers';
import { CompiledJsonSchemaValidator } from './schema-validator';

const CLIENT_INFO = { name: 'persona-studio', version: '0.1.0' };
const STDERR_TAIL = 8000;

/** One live connection to an MCP server: the SDK client, and whether the server went away. */
export class MCPSession {
  closed = false;
  /** Set when the SDK dropped the connection because a message passed its stdio size limit. */
  overLimit: string | null = null;
  private stderrTail = '';
  private exitListeners = new Set<() => void>();

  constructor(
    readonly client: Client,
    readonly label: string,
    private readonly transport: Transport,
  ) {
    const previousError = client.onerror;
    client.onerror = (error) => {
      previousError?.(error);
      this.overLimit ??= stdioLimitMessage(error);
    };
    const previous = client.onclose;
    client.onclose = () => {
      previous?.();
      this.closed = true;
      for (const listener of this.exitListeners) listener();
    };
  }

  /** Keeps the end of the child's stderr, to quote it when it dies. */
  captureStderr(stream: NodeJS.ReadableStream | null): void {
    stream?.on('data', (chunk: Buffer | string) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-STDERR_TAIL);
    });
  }

  /** What the server's stderr says went wrong (its error lines, not its stack frames), if anything. */
  get lastStderr(): string {
    return summarizeStderr(this.stderrTail);
  }

  /** The server's process id (stdio only), for diagnostics. */
  get pid(): number | null {
    return this.transport instanceof StdioClientTransport ? this.transport.pid : null;
  }

  onExit(listener: () => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close().catch(() => undefined);
    await this.transport.close().catch(() => undefined);
  }
}

/**
 * The MCP SDK's stdio transport drops a connection whose unread input passes 10 MB (its ReadBuffer's limit), and
 * then only "connection closed" reaches the caller: this names the limit instead.
 */
export function stdioLimitMessage(error: unknown): string | null {
  const match = /ReadBuffer exceeded maximum size of (\d+) bytes/.exec(error instanceof Error ? error.message : '');
  if (!match) return null;
  const bytes = Number(match[1]);
  return `it sent a message larger than the MCP SDK's stdio limit of ${Math.round(bytes / 1024 / 1024)} MB (${bytes} bytes), so the SDK closed the connection`;
}

/**
 * Connects to the configured server within `config.timeout` seconds. stdio starts the child process;
 * http tries streamable HTTP and falls back to SSE, as the MCP spec's backwards-compatibility section says.
 * Rejects with a message naming the server; whatever was started is closed again.
 */
export async function openSession(config: MCPConfig, setup: (client: Client) => void): Promise<MCPSession> {
  const label = serverLabel(config);
  const timeoutMs = config.timeout * 1000;
  if (config.transport === 'stdio') {
    const transport = new StdioClientTransport({
      command: config.command!,
      args: config.args,
      env: config.env,
      cwd: config.cwd,
      stderr: 'pipe',
    });
    const client = newClient(setup);
    const session = new MCPSession(client, label, transport);
    session.captureStderr(transport.stderr as NodeJS.ReadableStream | null);
    await connectWithin(client, transport, timeoutMs, label, session);
    return session;
  }
  const url = new URL(config.url!);
  const requestInit = { headers: config.headers };
  /** A session over one HTTP transport, with a client of its own (one that failed to connect is not reused). */
  const over = async (transport: Transport) => {
    const client = newClient(setup);
    await connectWithin(client, transport, timeoutMs, label);
    return new MCPSession(client, label, transport);
  };
  if (config.transport === 'http') {
    try {
      return await over(new StreamableHTTPClientTransport(url, { requestInit }));
    } catch (streamableError) {
      try {
        return await over(new SSEClientTransport(url, { requestInit }));
      } catch (sseError) {
        throw new Error(`${describe(streamableError)} (streamable HTTP); ${describe(sseError)} (SSE)`);
      }
    }
  }
  return over(new SSEClientTransport(url, { requestInit }));
}

function newClient(setup: (client: Client) => void): Client {
  const client = new Client(CLIENT_INFO, {
    capabilities: CLIENT_CAPABILITIES,
    jsonSchemaValidator: new CompiledJsonSchemaValidator(),
  });
  setup(client);
  return client;
}

async function connectWithin(
  client: Client,
  transport: Transport,
  timeoutMs: number,
  label: string,
  session?: MCPSession,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`MCP server '${label}' did not answer within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([client.connect(transport, { timeout: timeoutMs }), expired]);
  } catch (error) {
    // A child that never answered will not end on stdin EOF either: stop it now rather than after the SDK's grace period.
    if (transport instanceof StdioClientTransport && transport.pid) {
      try {
        process.kill(transport.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
    const stderr = session?.lastStderr;
    throw new Error(
      `Cannot connect to MCP server '${label}': ${describe(error)}${stderr ? ` (its stderr: ${stderr})` : ''}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** An error's message; spawn errors (ENOENT) and SDK errors made readable. */
export function describe(error: unknown): string {
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) return 'the server closed the connection';
    if (error.code === ErrorCode.RequestTimeout) return 'the request timed out';
    return error.message;
  }
  const e = error as NodeJS.ErrnoException;
  if (e && e.code === 'ENOENT' && e.syscall?.startsWith('spawn'))
    return `command not found (${e.path ?? 'spawn'}: ENOENT)`;
  return error instanceof Error ? error.message : String(error);
}
