import path from 'node:path';
import { z } from 'zod';
import { ShellToolsConfig } from '../../../../shared/plugins/toolboxes/shell';
import { defineTool, ToolArguments, ToolOutput, type AgentTool } from '../../toolbox';
import { ToolBox } from '../../toolbox';
import { defineToolbox } from '../toolbox-descriptor';
import { runShell } from './run-process';

export const SHELL_DISABLED = 'Shell execution is disabled (allow_shell=False).';

export const RunCommandArgs = ToolArguments.extend({
  command: z.string().describe('Shell command to execute.'),
  cwd: z.string().default('.').describe('Working directory for the command.'),
  timeout: z.number().int().default(30).describe('Timeout in seconds (capped by max_timeout config).'),
});
export const RunCommandOutput = ToolOutput.extend({
  stdout: z.string().describe('Standard output from the command.'),
  stderr: z.string().describe('Standard error from the command.'),
  returncode: z.number().int().describe('Exit code of the process.'),
  success: z.boolean().describe('True if returncode == 0.'),
});
type RunCommandOutput = z.input<typeof RunCommandOutput>;

/** Python's repr of a str, as OVOS's policy message prints it. */
const pyRepr = (s: string) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/'/g, "\\'")}'`);
const failed = (stderr: string): RunCommandOutput => ({ stdout: '', stderr, returncode: -1, success: false });

/** OVOS's `run_command`, with the toolbox's config applied to each call. */
export function runCommand(config: ShellToolsConfig, args: z.output<typeof RunCommandArgs>, signal?: AbortSignal) {
  if (!config.allow_shell) return Promise.resolve(failed(SHELL_DISABLED));
  const command = args.command.trim();
  if (config.allowed_commands.length) {
    const first = command.split(/\s+/)[0] ?? '';
    if (!config.allowed_commands.some((prefix) => command.startsWith(prefix) || first === prefix))
      return Promise.resolve(failed(`Command not permitted by allowed_commands policy: ${pyRepr(first)}.`));
  }
  const effective = Math.max(0, Math.min(args.timeout, config.max_timeout));
  return runShell(args.command, {
    cwd: path.resolve(args.cwd),
    timeoutMs: effective * 1000,
    maxOutputBytes: config.max_output_bytes,
    signal,
  }).then((out): RunCommandOutput => {
    if (out.error) return failed(`Error executing command: ${out.error.message}`);
    if (out.timedOut) return failed(`Command timed out after ${effective} seconds.`);
    const returncode = out.code ?? -1;
    return { stdout: out.stdout, stderr: out.stderr, returncode, success: returncode === 0 };
  });
}

/**
 * OVOS's `ovos-shell-tools`: `run_command` through the system shell. Off until `allow_shell` is set; a call's
 * timeout is capped at `max_timeout`, and at the deadline the command's whole process tree is killed.
 */
export class ShellToolBox extends ToolBox {
  static readonly defaultId = 'ovos-shell-tools';

  discoverTools(): AgentTool[] {
    const config = ShellToolsConfig.parse(this.config);
    return [
      defineTool({
        name: 'run_command',
        description: 'Execute a shell command and return its stdout, stderr, and exit code.',
        argumentSchema: RunCommandArgs,
        outputSchema: RunCommandOutput,
        toolCall: (args, ctx) => runCommand(config, args, ctx.signal),
      }),
    ];
  }
}

/** The `ovos-shell-tools` plugin. */
export const shellToolbox = defineToolbox({
  id: ShellToolBox.defaultId,
  title: 'Shell',
  description:
    'Run shell commands on this computer (off until allow_shell is set; each call asks for approval by default; timeouts capped by max_timeout).',
  config: ShellToolsConfig,
  source: 'builtin',
  create: (options) => new ShellToolBox(options),
});
