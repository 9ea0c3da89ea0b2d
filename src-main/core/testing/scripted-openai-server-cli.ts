/**
 * Runs the scripted OpenAI server as its own process (e2e, manual tries):
 *   npx tsx src-main/core/testing/scripted-openai-server-cli.ts [script.json] [--port N] [--loop]
 * script.json: a JSON array of replies, or {replies, models, apiKey, loop}. Prints the base URL (…/v1) on
 * the first stdout line; `/__script/*` control routes are on. Stops on SIGTERM/SIGINT.
 */
import { readFileSync } from 'node:fs';
import { startScriptedOpenAIServer, type ScriptedServerOptions } from './scripted-openai-server';

function parseArgs(argv: string[]): ScriptedServerOptions {
  const options: ScriptedServerOptions = { control: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--loop') options.loop = true;
    else if (arg.startsWith('--'))
      throw new Error(`Unknown option ${arg}. Usage: scripted-openai-server-cli [script.json] [--port N] [--loop]`);
    else {
      const script: unknown = JSON.parse(readFileSync(arg, 'utf8'));
      if (Array.isArray(script)) options.replies = script;
      else Object.assign(options, script);
    }
  }
  return options;
}

async function main() {
  const server = await startScriptedOpenAIServer(parseArgs(process.argv.slice(2)));
  process.stdout.write(`${server.url}\n`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
