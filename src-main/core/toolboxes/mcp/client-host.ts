import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '../../../../shared/domain/tool';

/** An `elicitation/create` (form mode) to put before the user. */
export interface ElicitationAsk {
  toolboxId: string;
  server: string;
  message: string;
  requestedSchema: JsonSchema;
}

/** A `sampling/createMessage` to approve before the persona's brain answers it. */
export interface SamplingAsk {
  toolboxId: string;
  server: string;
  summary: string;
  params: Record<string, unknown>;
}

/**
 * Who answers what an MCP server asks of us: a window (the app's request broker), or nobody (the command line,
 * `persona-studio mcp`). The toolbox asks; `signal` aborts when the server cancels its request or the toolbox
 * closes. Throwing an McpError sends the server that error.
 */
export interface MCPClientHost {
  elicit(ask: ElicitationAsk, signal: AbortSignal): Promise<ElicitResult>;
  /** True: the brain may answer; false: declined by the user. */
  approveSampling(ask: SamplingAsk, signal: AbortSignal): Promise<boolean>;
}

/**
 * The host without a window: elicitation is refused with a message saying why; sampling too, unless
 * `allowSampling` (the command line's `--allow-sampling`) lets the persona's brain answer without asking.
 */
export function headlessHost(options: { allowSampling?: boolean } = {}): MCPClientHost {
  return {
    async elicit() {
      throw new McpError(
        ErrorCode.InvalidRequest,
        'Persona Studio runs without a window here (command line or MCP server mode), so nobody can answer this elicitation request; it was declined.',
      );
    },
    async approveSampling() {
      if (options.allowSampling) return true;
      throw new McpError(
        ErrorCode.InvalidRequest,
        "Persona Studio runs without a window here (command line or MCP server mode), so nobody can approve this sampling request; it was declined (start with --allow-sampling to let the persona's brain answer).",
      );
    },
  };
}
