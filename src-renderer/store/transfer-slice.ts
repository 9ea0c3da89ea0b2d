import type { ErrorValue } from '../../shared/domain/errors';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

/** The export dialog: which persona, with or without its secrets, and where the app can write. */
export interface ExportRequest {
  personaId: string;
  personaName: string;
  /** How many secret fields the persona has stored (api keys, headers, env values, variables). */
  secretCount: number;
  withSecrets: boolean;
  /** 'electron': the system save dialog; 'browser': the data folder's exports/ or a download. */
  mode: 'electron' | 'browser' | null;
  dataDir: string | null;
  busy: boolean;
  error: ErrorValue | null;
  /** Set when exports/<id>.json exists: the dialog asks before replacing it. */
  existingPath: string | null;
}

/** An import whose persona exists already: replace it, or keep both. */
export interface ImportConflict {
  text: string;
  fileName?: string;
  existing: { id: string; name: string };
}

export interface TransferSlice {
  exportRequest: ExportRequest | null;
  openExport(personaId: string): Promise<void>;
  setExportSecrets(withSecrets: boolean): void;
  /** Writes the file (save dialog or exports/); 'download' returns the text for the browser to save. */
  exportTo(target: 'file' | 'download', overwrite?: boolean): Promise<string | null>;
  closeExport(): void;
  importConflict: ImportConflict | null;
  resolveImport(choice: 'replace' | 'keep-both' | null): Promise<void>;
  /**
   * Opens a run bundle file: main validates it and adds its persona (nothing approved, so nothing it names starts)
   * and its trace as a read-only session, which opens in Chat. Success and failure are said in a toast.
   */
  openBundle(text: string, fileName: string): Promise<void>;
  /**
   * Runs a bundle session again offline (the replay brain and the recorded tool results; no provider request, no
   * tool runs) and shows the new session; how it went is said in a toast.
   */
  rerunBundleOffline(sessionId: string): Promise<void>;
}

export function createTransferSlice(set: SetState, get: GetState): TransferSlice {
  const patch = (p: Partial<ExportRequest>) => {
    const req = get().exportRequest;
    if (req) set({ exportRequest: { ...req, ...p } });
  };
  return {
    exportRequest: null,
    async openExport(personaId) {
      const record = get().record?.id === personaId ? get().record : null;
      set({
        exportRequest: {
          personaId,
          personaName: record?.persona.name ?? personaId,
          secretCount: record?.secretsSet.length ?? 0,
          withSecrets: false,
          mode: null,
          dataDir: null,
          busy: false,
          error: null,
          existingPath: null,
        },
      });
      try {
        const info = await get().client.call('app.info', {});
        patch({ mode: info.mode, dataDir: info.dataDir });
      } catch (e) {
        patch({ error: toErrorValue(e) });
      }
    },
    setExportSecrets: (withSecrets) => patch({ withSecrets, existingPath: null }),
    async exportTo(target, overwrite = false) {
      const req = get().exportRequest;
      if (!req || req.busy) return null;
      patch({ busy: true, error: null });
      try {
        const out = await get().client.call('personas.export', {
          id: req.personaId,
          withSecrets: req.withSecrets,
          to: target === 'download' ? 'text' : 'file',
          overwrite,
        });
        if (out.cancelled) {
          patch({ busy: false });
          return null;
        }
        set({ exportRequest: null });
        if (out.path) get().toast('info', `Exported “${req.personaName}” to ${out.path}`);
        return out.text;
      } catch (e) {
        const error = toErrorValue(e);
        const details = error.details as { exists?: boolean; path?: string } | undefined;
        if (details?.exists && details.path) patch({ busy: false, existingPath: details.path });
        else patch({ busy: false, error });
        return null;
      }
    },
    closeExport: () => set({ exportRequest: null }),
    importConflict: null,
    async resolveImport(choice) {
      const conflict = get().importConflict;
      set({ importConflict: null });
      if (!conflict || !choice) return;
      await get().importPersona(conflict.text, conflict.fileName, choice);
    },
    async openBundle(text, fileName) {
      try {
        const { personaId, sessionId, programs } = await get().client.call('bundles.open', { text, fileName });
        await get().loadPersonas();
        await get().selectPersona(personaId);
        get().setTab('chat');
        await get().showNewSession(sessionId);
        get().toast(
          'info',
          `Opened ${fileName}${programs.length ? `: its ${programs.length} program(s) start only once you approve them` : ''}.`,
        );
      } catch (e) {
        get().toast('error', `${fileName} cannot be opened: ${toErrorValue(e).message}`);
      }
    },
    async rerunBundleOffline(sessionId) {
      try {
        const done = await get().client.call('bundles.rerunOffline', { sessionId });
        await get().showNewSession(done.sessionId);
        get().toast(
          done.finished ? 'info' : 'error',
          done.finished ? 'Re-ran offline.' : 'The offline re-run did not finish.',
        );
      } catch (e) {
        get().toast('error', `The offline re-run failed: ${toErrorValue(e).message}`);
      }
    },
  };
}
