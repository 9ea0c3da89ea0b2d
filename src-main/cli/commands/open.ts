import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_BUNDLE_BYTES } from '../../../shared/domain/run-bundle';
import type { Command } from '../index';
import { createApp } from '../../core/api/app';
import { openBundle, rerunBundleSession } from '../../core/app/run-bundles';
import { StudioError } from '../../core/errors';

const usage = `Usage: persona-studio open <bundle.json> [--rerun] [--data DIR] [serve options]

Opens a run bundle (from "Export bundle") in a fresh data folder, read-only: its persona with nothing approved
(none of its toolboxes' programs or MCP servers start unless you approve them), its trace as a session.
  --rerun      re-run it fully offline (the replay brain and the recorded tool results; no provider request,
               no tool runs), print each answer, and exit: 0 when every turn finished, 1 otherwise
  --data DIR   the data folder to open it in (must be empty or missing); default a new temporary folder
Without --rerun the app is served on it (as \`persona-studio serve\`; --port, --no-open, --no-build apply).`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** `persona-studio open <bundle>`: a bundle in a fresh data folder, served, or re-run offline with --rerun. */
export const command: Command = {
  summary: 'open a run bundle read-only in a fresh data folder (--rerun: re-run it offline)',
  usage,
  async run(args) {
    const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--data' && args[i - 1] !== '--port');
    if (!file) {
      process.stderr.write(`Name the bundle file.\n\n${usage}\n`);
      return 2;
    }
    const data = option(args, '--data');
    if (data && existsSync(data) && readdirSync(data).length) {
      process.stderr.write(`${data} is not empty: a bundle opens in a fresh data folder.\n`);
      return 2;
    }
    const dataDir = path.resolve(data ?? mkdtempSync(path.join(tmpdir(), 'persona-studio-bundle-')));
    let text: string;
    try {
      const info = await stat(file);
      if (info.size > MAX_BUNDLE_BYTES)
        throw new Error(`it is too large (${info.size} bytes; a bundle is at most ${MAX_BUNDLE_BYTES})`);
      text = await readFile(file, 'utf8');
    } catch (error) {
      process.stderr.write(`Cannot read ${file}: ${(error as Error).message}\n`);
      return 1;
    }
    const app = await createApp({ dataDir, mode: 'browser' });
    let opened;
    try {
      opened = await openBundle(app.context, text, file);
    } catch (error) {
      await app.close();
      if (!(error instanceof StudioError)) throw error;
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stdout.write(
      `Opened ${file} in ${dataDir}: persona '${opened.personaId}', session ${opened.sessionId} (read-only).\n`,
    );
    if (!args.includes('--rerun')) {
      await app.close();
      process.env.PERSONA_STUDIO_HOME = dataDir;
      const serve = (await import('./serve')).command;
      return serve.run(args.filter((a, i) => a !== file && a !== '--data' && args[i - 1] !== '--data'));
    }
    try {
      const answers: string[] = [];
      const stop = app.onEvent((e) => {
        const event = (e.payload as { event?: { type: string; answer?: string; error?: { message: string } } }).event;
        if (event?.type === 'run_finished') answers.push(event.answer ?? '');
        if (event?.type === 'run_failed') answers.push(`(failed) ${event.error?.message ?? ''}`);
      });
      const done = await rerunBundleSession(app.context, opened.sessionId);
      stop();
      answers.forEach((a, i) => process.stdout.write(`turn ${i + 1}: ${a}\n`));
      process.stdout.write(
        `Re-ran offline into session ${done.sessionId}: ${done.finished ? 'every turn finished' : 'a turn did not finish'}.\n`,
      );
      return done.finished ? 0 : 1;
    } finally {
      await app.close();
    }
  },
};
