import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_BUNDLE_BYTES, type RunBundle } from '../../../shared/domain/run-bundle';
import type { TraceEvent } from '../../../shared/domain/trace';
import { writeFileAtomic } from '../atomic-write';
import { buildBundle } from '../bundles/bundle-build';
import { exportScrubber } from '../bundles/secret-scrubber';
import { readBundle } from '../bundles/bundle-read';
import { rerunBundleOffline } from './bundle-rerun';
import { StudioError } from '../errors';
import { newSessionId } from '../sessions/session-id';
import type { AppContext } from './app-context';
import { elideForWindow } from './trace-elision';

/** Where an opened bundle is kept (beside its session), so the session can be re-run offline later. */
const bundleFileOf = (app: AppContext, sessionId: string) =>
  path.join(app.paths.root, 'bundles', `${path.basename(app.sessions.fileOf(sessionId), '.jsonl')}.json`);

/**
 * A recorded session as a run bundle: the persona as it ran (the version its last run recorded; else as saved
 * now), secrets removed (secret fields, and the secret store's and the environment's secret values wherever they
 * appear); the tools as offered; the whole trace from its file (nothing elided).
 */
export async function exportSessionBundle(
  app: AppContext,
  sessionId: string,
): Promise<{ bundle: RunBundle; secretsRemoved: number }> {
  const { session, events } = await app.sessions.load(sessionId);
  const started = events.findLast((e) => e.type === 'run_started');
  const personaId = started?.personaId ?? null;
  const version = started?.personaVersion ?? null;
  let persona: Record<string, unknown> | null = null;
  if (personaId && version && app.personas.versions)
    persona = await app.personas.versions.get(personaId, version).then(
      (v) => v.persona,
      () => null,
    );
  if (!persona && personaId) persona = (await app.personas.get(personaId)).persona;
  if (!persona)
    throw new StudioError('bad_input', `Session '${sessionId}' names no persona it ran with: it cannot be bundled.`);
  const scrubber = await exportScrubber(app.secrets);
  const bundle = buildBundle({
    sessionId,
    title: session.title,
    events,
    personaId,
    personaVersion: version,
    persona,
    appVersion: app.version,
    scrubber,
  });
  return { bundle, secretsRemoved: scrubber.removed };
}

/** The bundle kept for a session opened from one; not_found when the session did not come from a bundle. */
export async function bundleOfSession(app: AppContext, sessionId: string): Promise<RunBundle | null> {
  const file = bundleFileOf(app, sessionId);
  const info = await stat(file).catch(() => null);
  if (!info) return null;
  if (info.size > MAX_BUNDLE_BYTES) throw new StudioError('bad_input', `${file} is too large for a bundle.`);
  return readBundle(await readFile(file, 'utf8'), file);
}

/** Whether a session was opened from a bundle: such a session is read-only (it is re-run offline or forked). */
export async function isBundleSession(app: AppContext, sessionId: string): Promise<boolean> {
  return (await stat(bundleFileOf(app, sessionId)).catch(() => null)) !== null;
}

/** The recorded events under a new session and persona id (what an opened bundle's session file holds). */
function rehome(events: TraceEvent[], sessionId: string, personaId: string): TraceEvent[] {
  return events.map((e) => (e.type === 'run_started' ? { ...e, sessionId, personaId } : e));
}

/**
 * Opens a bundle's text in this data folder: validated (readBundle), its persona added under a new id with no
 * program approved (so none of its MCP servers or programs start unless the user approves them), its trace as a
 * new session, the bundle kept beside it. Nothing in it runs.
 */
export async function openBundle(
  app: AppContext,
  text: string,
  source?: string,
): Promise<{ personaId: string; sessionId: string; bundle: RunBundle }> {
  const bundle = readBundle(text, source);
  // Named apart from the personas here (the file stays as it ran, in the kept bundle).
  const file = { ...bundle.persona.file, name: `${String(bundle.persona.file.name)} (bundle)` };
  const record = await app.personas.save(bundle.persona.id ?? undefined, file, { asNew: true });
  const sessionId = newSessionId();
  // Written through the store, in its format (large payloads beside the file, the summary indexed).
  for (const event of rehome(bundle.events, sessionId, record.id)) await app.sessions.append(sessionId, event);
  await app.sessions.flush();
  const kept = bundleFileOf(app, sessionId);
  await mkdir(path.dirname(kept), { recursive: true });
  await writeFileAtomic(kept, JSON.stringify(bundle));
  app.personaChanged(record.id);
  return { personaId: record.id, sessionId, bundle };
}

/**
 * Re-runs a session opened from a bundle fully offline (replay brain, recorded tool results; no provider request,
 * no tool, no program) into a new session of the same persona, streaming it as chat.trace. Resolves when done.
 */
export async function rerunBundleSession(
  app: AppContext,
  sessionId: string,
): Promise<{ sessionId: string; finished: boolean }> {
  const bundle = await bundleOfSession(app, sessionId);
  if (!bundle)
    throw new StudioError(
      'not_found',
      `Session '${sessionId}' was not opened from a bundle: nothing to re-run offline.`,
    );
  const { events } = await app.sessions.load(sessionId);
  const personaId = events.find((e) => e.type === 'run_started')?.personaId ?? null;
  const target = newSessionId();
  const written: Promise<void>[] = [];
  const outcomes = await rerunBundleOffline(bundle, {
    sessionId: target,
    personaId,
    onEvent: (event) => {
      written.push(
        app.sessions.append(target, event).then(
          () => app.emit('chat.trace', { sessionId: target, event: elideForWindow(event) }),
          () => app.emit('chat.trace', { sessionId: target, event: elideForWindow(event) }),
        ),
      );
    },
  });
  await Promise.all(written);
  await app.sessions.flush();
  return { sessionId: target, finished: outcomes.every((o) => o.status === 'finished') };
}
