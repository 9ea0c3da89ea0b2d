import type { BrokenPersona, PersonaSummary } from '../../shared/domain/persona';
import type { ErrorValue, ValidationIssue } from '../../shared/domain/errors';
import type { Catalog, PersonaRecord } from '../../shared/ipc/contract';
import { issuesOf, toErrorValue } from '../lib/api-error';
import { apiKeyPath, brainBlockOf, brainIdOf, engineIdOf, newPersona, type PersonaDraft } from '../lib/persona-model';
import { DEFAULT_API_URL } from '../../shared/domain/persona';
import { validateDraft } from '../lib/persona-validate';
import { rememberedPersona, rememberPersona } from '../lib/last-persona';
import type { GetState, SetState } from './types';

export interface PersonasSlice {
  personas: PersonaSummary[];
  broken: BrokenPersona[];
  listLoaded: boolean;
  listError: ErrorValue | null;
  catalog: Catalog | null;
  /** The persona being edited; null with a draft means a new, unsaved persona. */
  selectedId: string | null;
  record: PersonaRecord | null;
  draft: PersonaDraft | null;
  savedJson: string;
  /** Issues from main's last refusal (bad_input / persona_invalid), shown on the fields. */
  serverIssues: ValidationIssue[];
  saveError: ErrorValue | null;
  saving: boolean;
  /** Saving moves the brain to another server while a key is stored: keep the key for it, or forget it? */
  keyQuestion: { path: string; from: string; to: string } | null;
  answerKeyQuestion(answer: 'keep' | 'forget' | null): Promise<void>;
  loadPersonas(): Promise<void>;
  /**
   * A persona file changed outside the app (by hand, the CLI): the list is read again, and the open persona
   * follows the file unless it has unsaved edits (then a toast says saving would replace the file).
   */
  personaChangedOutside(id: string): Promise<void>;
  loadCatalog(): Promise<void>;
  selectPersona(id: string): Promise<void>;
  /** At start-up: opens the persona open before the reload if it still exists, else the first one. */
  openStartPersona(): Promise<void>;
  newDraft(): void;
  updateDraft(fn: (p: PersonaDraft) => PersonaDraft): void;
  /** Saves the draft; `key` answers the key question (keep the stored key for a new api_url, or forget it). */
  savePersona(key?: 'keep' | 'forget'): Promise<boolean>;
  deletePersona(id: string): Promise<void>;
  duplicatePersona(id: string): Promise<void>;
  /** Imports; a persona that exists asks (importConflict) unless onConflict says what to do. */
  importPersona(text: string, fileName?: string, onConflict?: 'replace' | 'keep-both'): Promise<boolean>;
}

/** True when the draft differs from what is on disk (or was never saved). */
export function isDirty(s: Pick<PersonasSlice, 'draft' | 'savedJson'>): boolean {
  return !!s.draft && JSON.stringify(s.draft) !== s.savedJson;
}

/** The persona as sent to main: an empty API key means "keep the stored one", so it is left out. */
function forSave(p: PersonaDraft): PersonaDraft {
  return JSON.parse(JSON.stringify(p, (k, v) => (k === 'api_key' && (v === '' || v == null) ? undefined : v)));
}

/** `scheme://host:port` of a URL (the text itself when it is not one): a key is bound to it. */
function originOf(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return url.trim();
  }
}

/** The draft with `api_key: ""`: main then forgets the stored key. */
function forgetKey(p: PersonaDraft): PersonaDraft {
  const engine = engineIdOf(p);
  const block = brainBlockOf(p);
  return { ...p, [engine]: { ...(p[engine] as Record<string, unknown>), [brainIdOf(p)]: { ...block, api_key: '' } } };
}

/** The brain's api_url as the key is bound to it (Ollama's default when unset). */
const brainUrl = (p: PersonaDraft) => {
  const url = brainBlockOf(p).api_url;
  return typeof url === 'string' && url ? url : DEFAULT_API_URL;
};

export function createPersonasSlice(set: SetState, get: GetState): PersonasSlice {
  /** Only the latest selection wins when several are in flight (a click during the start-up selection). */
  let selectSeq = 0;
  const loaded = (record: PersonaRecord) => {
    rememberPersona(record.id);
    set({
      selectedId: record.id,
      record,
      draft: record.persona as PersonaDraft,
      savedJson: JSON.stringify(record.persona),
      serverIssues: [],
      saveError: null,
    });
  };

  return {
    personas: [],
    broken: [],
    listLoaded: false,
    listError: null,
    catalog: null,
    selectedId: null,
    record: null,
    draft: null,
    savedJson: '',
    serverIssues: [],
    saveError: null,
    saving: false,
    keyQuestion: null,
    async answerKeyQuestion(answer) {
      set({ keyQuestion: null });
      if (answer) await get().savePersona(answer);
    },
    async loadPersonas() {
      try {
        const { personas, broken } = await get().client.call('personas.list', {});
        set({ personas, broken, listLoaded: true, listError: null });
      } catch (e) {
        set({ listLoaded: true, listError: toErrorValue(e) });
      }
    },
    async personaChangedOutside(id) {
      await get().loadPersonas();
      if (id !== get().selectedId) return;
      const seq = selectSeq;
      let record: PersonaRecord;
      try {
        record = await get().client.call('personas.get', { id });
      } catch {
        return; // Gone or unreadable: the list says so.
      }
      const now = get();
      const text = JSON.stringify(record.persona);
      // Nothing new for the editor: its saved state or what it shows is the file (a save of ours that was slow).
      if (seq !== selectSeq || now.selectedId !== id || now.saving) return;
      if (text === now.savedJson || text === JSON.stringify(now.draft)) return;
      const name = String((record.persona as { name?: unknown }).name ?? id);
      if (isDirty(now)) {
        get().toast('info', `${name} changed on disk. Your unsaved edits are kept; saving them replaces the file.`);
        return;
      }
      loaded(record);
      void get().loadTools(id);
      get().toast('info', `${name} changed on disk; the editor shows the file as it is now.`);
    },
    async loadCatalog() {
      try {
        set({ catalog: await get().client.call('app.catalog', {}) });
      } catch (e) {
        get().toast('error', `The plugin catalog could not be read: ${toErrorValue(e).message}`);
      }
    },
    async selectPersona(id) {
      const seq = ++selectSeq;
      try {
        const record = await get().client.call('personas.get', { id });
        if (seq !== selectSeq) return;
        loaded(record);
        get().resetChat();
        void get().loadTools(id);
        void get().loadSessions();
      } catch (e) {
        get().toast('error', toErrorValue(e).message);
      }
    },
    async openStartPersona() {
      const { personas, draft } = get();
      if (draft) return;
      const remembered = rememberedPersona();
      const pick = personas.find((p) => p.id === remembered) ?? personas[0];
      if (pick) await get().selectPersona(pick.id);
    },
    newDraft() {
      selectSeq++;
      set({
        selectedId: null,
        record: null,
        draft: newPersona(),
        savedJson: '',
        serverIssues: [],
        saveError: null,
        tab: 'editor',
        toolboxes: [],
      });
      get().resetChat();
    },
    updateDraft(fn) {
      const draft = get().draft;
      if (draft) set({ draft: fn(draft) });
    },
    async savePersona(key) {
      const { draft, selectedId, record } = get();
      if (!draft || get().saving) return false;
      const keyPath = apiKeyPath(draft);
      const typedKey = brainBlockOf(draft).api_key;
      const moved =
        !!record &&
        record.secretsSet.includes(keyPath) &&
        !typedKey &&
        originOf(brainUrl(draft)) !== originOf(brainUrl(record.persona as PersonaDraft));
      if (moved && !key) {
        // A stored key goes only to the server it was saved for: ask before it follows a new api_url.
        set({
          keyQuestion: {
            path: keyPath,
            from: originOf(brainUrl(record.persona as PersonaDraft)),
            to: originOf(brainUrl(draft)),
          },
        });
        return false;
      }
      const local = validateDraft(draft, get().catalog);
      if (local.length) {
        set({
          serverIssues: [],
          saveError: {
            code: 'persona_invalid',
            message: 'Fix the marked fields before saving.',
            details: { issues: local },
          },
        });
        return false;
      }
      set({ saving: true });
      try {
        const record = await get().client.call('personas.save', {
          id: selectedId ?? undefined,
          persona: moved && key === 'forget' ? forgetKey(forSave(draft)) : forSave(draft),
          rebindSecrets: moved && key === 'keep' ? [keyPath] : undefined,
        });
        loaded(record);
        set({ saving: false });
        get().toast('info', `Saved “${record.persona.name}”`);
        await get().loadPersonas();
        void get().loadTools(record.id);
        return true;
      } catch (e) {
        const error = toErrorValue(e);
        set({ saving: false, saveError: error, serverIssues: issuesOf(error) });
        return false;
      }
    },
    async deletePersona(id) {
      try {
        await get().client.call('personas.delete', { id });
        if (get().selectedId === id) set({ selectedId: null, record: null, draft: null, savedJson: '', toolboxes: [] });
        get().toast('info', 'Persona deleted');
        await get().loadPersonas();
      } catch (e) {
        get().toast('error', toErrorValue(e).message);
      }
    },
    async duplicatePersona(id) {
      try {
        const record = await get().client.call('personas.duplicate', { id });
        await get().loadPersonas();
        await get().selectPersona(record.id);
        get().toast('info', `Duplicated as “${record.persona.name}”`);
      } catch (e) {
        get().toast('error', toErrorValue(e).message);
      }
    },
    async importPersona(text, fileName, onConflict) {
      try {
        const { record, unknownPluginIds, programs, replaced } = await get().client.call('personas.import', {
          text,
          fileName,
          onConflict: onConflict ?? 'ask',
        });
        await get().loadPersonas();
        await get().selectPersona(record.id);
        const unknown = unknownPluginIds.length
          ? ` (unknown plugins kept as they are: ${unknownPluginIds.join(', ')})`
          : '';
        get().toast(
          unknownPluginIds.length ? 'warning' : 'info',
          `${replaced ? 'Replaced' : 'Imported'} “${record.persona.name}”${unknown}`,
        );
        // Nothing of it runs yet: its programs are shown for the user to approve, or not.
        if (programs.some((p) => !p.approved)) await get().reviewPrograms(record.id, 'import');
        return true;
      } catch (e) {
        const error = toErrorValue(e);
        const existing = error.details as { id?: string; name?: string } | undefined;
        if (error.code === 'persona_exists' && existing?.id && existing.name) {
          set({ importConflict: { text, fileName, existing: { id: existing.id, name: existing.name } } });
          return false;
        }
        get().toast('error', `${fileName ?? 'The file'} could not be imported: ${error.message}`);
        return false;
      }
    },
  };
}
