import { mkdir } from 'node:fs/promises';
import path, { join } from 'node:path';
import { StudioError } from '../../errors';
import type { AppContext } from '../../app/app-context';
import type { Handlers } from '../dispatch';

/**
 * A file path from a client (the app's window, or a browser page holding the token) names a persona file
 * the user chose: absolute (the app's working folder means nothing to a client) and a `.json` file. So these
 * methods cannot read or write other kinds of files; an existing file is replaced only with `overwrite`.
 */
function checkClientPath(filePath: string): void {
  if (filePath.includes('\0')) throw new StudioError('bad_input', 'A file path cannot contain a NUL character.');
  if (!path.isAbsolute(filePath))
    throw new StudioError(
      'bad_input',
      `'${filePath}' is not an absolute path: give the full path of the persona file.`,
    );
  if (path.extname(filePath).toLowerCase() !== '.json')
    throw new StudioError('bad_input', `'${filePath}' is not a .json file: persona files are JSON (name.json).`);
}

type PersonaMethods =
  | 'personas.list'
  | 'personas.get'
  | 'personas.save'
  | 'personas.delete'
  | 'personas.duplicate'
  | 'personas.import'
  | 'personas.export'
  | 'personas.revealSecret'
  | 'approvals.list'
  | 'approvals.approve';

/** Persona files: list (broken ones too), get, save, delete, duplicate, import, export. */
export function personaHandlers(app: AppContext): Pick<Handlers, PersonaMethods> {
  return {
    'personas.list': () => app.personas.list(),
    'personas.get': ({ id }) => app.personas.get(id),
    'personas.save': async ({ id, persona, rebindSecrets, forgetSecrets }) => {
      const record = await app.personas.save(id, persona, { rebindSecrets, forgetSecrets });
      app.personaChanged(record.id);
      return record;
    },
    'personas.delete': async ({ id }) => {
      const deleted = await app.personas.delete(id);
      if (deleted) {
        await app.approvals.forget(id);
        await app.callHistory.forget(id);
        app.personaChanged(id);
      }
      return { deleted };
    },
    'personas.duplicate': async ({ id, name }) => {
      const record = await app.personas.duplicate(id, name);
      app.personaChanged(record.id);
      return record;
    },
    'personas.import': async ({ onConflict, ...source }) => {
      if ('path' in source) checkClientPath(source.path);
      const result = await app.personas.import(source, await app.knownPlugins(), { onConflict });
      app.personaChanged(result.record.id);
      // Nothing starts here: the programs are listed for the user to approve (or not) first.
      return { ...result, programs: await app.programsOf(result.record.id) };
    },
    'personas.revealSecret': async ({ id, path: dotted }) => ({ value: await app.personas.revealSecret(id, dotted) }),
    'approvals.list': async ({ id }) => ({ programs: await app.programsOf(id) }),
    'approvals.approve': async ({ id, fingerprints }) => {
      const programs = await app.programsOf(id);
      const chosen = programs.filter((p) => fingerprints.includes(p.fingerprint));
      const unknown = fingerprints.filter((f) => !programs.some((p) => p.fingerprint === f));
      if (unknown.length)
        throw new StudioError(
          'bad_input',
          `The persona '${id}' does not start ${unknown.length === 1 ? 'that program' : 'those programs'} (any more): list its programs again and approve what it starts now.`,
          { fingerprints: unknown },
        );
      await app.approvals.approve(
        id,
        chosen.map((p) => ({ fingerprint: p.fingerprint, command: [p.command, ...p.args].join(' ') })),
      );
      // The runtime is rebuilt on next use, now with these programs.
      app.personaChanged(id);
      return { programs: await app.programsOf(id) };
    },
    'personas.export': async ({ id, withSecrets, to, overwrite }) => {
      if (to === 'text') return { ...(await app.personas.export(id, { withSecrets })), cancelled: false };
      if (app.pickSavePath) {
        const chosen = await app.pickSavePath({ suggestedName: `${id}.json`, title: 'Export persona' });
        if (!chosen) return { text: '', path: null, cancelled: true };
        // The user chose this path in the system's save dialog, which asked before replacing a file there.
        return { ...(await app.personas.export(id, { withSecrets, path: chosen, overwrite: true })), cancelled: false };
      }
      // Browser mode: only into the data folder's exports/, files the app wrote; replacing one needs overwrite.
      await mkdir(app.paths.exports, { recursive: true });
      const target = join(app.paths.exports, `${id}.json`);
      return { ...(await app.personas.export(id, { withSecrets, path: target, overwrite })), cancelled: false };
    },
  };
}
