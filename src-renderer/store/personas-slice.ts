import type { BrokenPersona, PersonaSummary } from '../../shared/domain/persona';
import type { ErrorValue, ValidationIssue } from '../../shared/domain/errors';
import type { Catalog, PersonaRecord } from '../../shared/ipc/contract';
import { issuesOf, toErrorValue } from '../lib/api-error';
import { newPersona, type PersonaDraft } from '../lib/persona-model';
import { validateDraft } from '../lib/persona-validate';
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
  loadPersonas(): Promise<void>;
  loadCatalog(): Promise<void>;
  selectPersona(id: string): Promise<void>;
  newDraft(): void;
  updateDraft(fn: (p: PersonaDraft) => PersonaDraft): void;
  savePersona(): Promise<boolean>;
  deletePersona(id: string): Promise<void>;
  duplicatePersona(id: string): Promise<void>;
  importPersona(text: string, fileName?: string): Promise<boolean>;
  exportPersona(id: string): Promise<string | null>;
}

/** True when the draft differs from what is on disk (or was never saved). */
export function isDirty(s: Pick<PersonasSlice, 'draft' | 'savedJson'>): boolean {
  return !!s.draft && JSON.stringify(s.draft) !== s.savedJson;
}

/** The persona as sent to main: an empty API key means "keep the stored one", so it is left out. */
function forSave(p: PersonaDraft): PersonaDraft {
  return JSON.parse(JSON.stringify(p, (k, v) => (k === 'api_key' && (v === '' || v == null) ? undefined : v)));
}

export function createPersonasSlice(set: SetState, get: GetState): PersonasSlice {
  /** Only the latest selection wins when several are in flight (a click during the start-up selection). */
  let selectSeq = 0;
  const loaded = (record: PersonaRecord) =>
    set({
      selectedId: record.id,
      record,
      draft: record.persona as PersonaDraft,
      savedJson: JSON.stringify(record.persona),
      serverIssues: [],
      saveError: null,
    });

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
    async loadPersonas() {
      try {
        const { personas, broken } = await get().client.call('personas.list', {});
        set({ personas, broken, listLoaded: true, listError: null });
      } catch (e) {
        set({ listLoaded: true, listError: toErrorValue(e) });
      }
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
    async savePersona() {
      const { draft, selectedId } = get();
      if (!draft || get().saving) return false;
      const local = validateDraft(draft);
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
          persona: forSave(draft),
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
    async importPersona(text, fileName) {
      try {
        const { record, unknownPluginIds, programs } = await get().client.call('personas.import', { text, fileName });
        await get().loadPersonas();
        await get().selectPersona(record.id);
        const unknown = unknownPluginIds.length
          ? ` (unknown plugins kept as they are: ${unknownPluginIds.join(', ')})`
          : '';
        get().toast(unknownPluginIds.length ? 'error' : 'info', `Imported “${record.persona.name}”${unknown}`);
        if (programs.length) {
          get().toast(
            'error',
            `“${record.persona.name}” starts programs (MCP servers); none runs until you approve it: ${programs.map((p) => [p.command, ...p.args].join(' ')).join(' · ')}`,
          );
        }
        return true;
      } catch (e) {
        get().toast('error', `Import failed: ${toErrorValue(e).message}`);
        return false;
      }
    },
    async exportPersona(id) {
      try {
        return (await get().client.call('personas.export', { id, withSecrets: false })).text;
      } catch (e) {
        get().toast('error', `Export failed: ${toErrorValue(e).message}`);
        return null;
      }
    },
  };
}
