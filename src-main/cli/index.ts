import { CliInputError } from './cli-input-error';

/** The command line: one module per command, loaded on demand. Returns the exit code. */
type Command = { run(args: string[]): Promise<number>; summary: string; usage: string };

const commands: Record<string, () => Promise<Command>> = {
  tools: () => import('./commands/tools').then((m) => m.command),
  call: () => import('./commands/call').then((m) => m.command),
  bus: () => import('./commands/bus').then((m) => m.command),
  run: () => import('./commands/run').then((m) => m.command),
  serve: () => import('./commands/serve').then((m) => m.command),
  start: () => import('./commands/start').then((m) => m.command),
  personas: () => import('./commands/personas').then((m) => m.command),
  mcp: () => import('./commands/mcp').then((m) => m.command),
  test: () => import('./commands/test').then((m) => m.command),
  open: () => import('./commands/open').then((m) => m.command),
  rerun: () => import('./commands/rerun').then((m) => m.command),
  diff: () => import('./commands/diff').then((m) => m.command),
};

export type { Command };

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await help());
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`Unknown command '${name}'.\n\n${await help()}`);
    return 2;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (!(error instanceof CliInputError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
}

async function help(): Promise<string> {
  const lines = ['Usage: persona-studio <command> [options]', '', 'Commands:'];
  for (const [name, load] of Object.entries(commands)) {
    const summary = await load().then(
      (c) => c.summary,
      () => '(unavailable)',
    );
    lines.push(`  ${name.padEnd(10)} ${summary}`);
  }
  lines.push('', "Run 'persona-studio <command> --help' for a command's options.", '');
  return lines.join('\n');
}
