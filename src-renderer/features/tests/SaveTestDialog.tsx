import { useMemo, useState } from 'react';
import type { CaseDraftState } from '../../store/tests-slice';
import { useApp } from '../../store/context';
import { Modal } from '../../components/Modal';
import { ErrorNotice } from '../../components/ErrorNotice';
import { checkCaseText } from './case-json';

function fileName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/**
 * Save as test: the case proposed from a chat session as JSON, checked against the suite schema as you type (each
 * problem with its field); saving adds it to the chosen suite of the persona. Edits stay until saved or discarded.
 */
export function SaveTestDialog() {
  const draft = useApp((s) => s.caseDraft);
  return draft ? <CaseEditor key={`${draft.personaId}\n${draft.original}`} draft={draft} /> : null;
}

function CaseEditor({ draft }: { draft: CaseDraftState }) {
  const loadedFor = useApp((s) => s.testsPersonaId);
  const listed = useApp((s) => s.testSuites);
  const suites = useMemo(() => (loadedFor === draft.personaId ? listed : []), [loadedFor, listed, draft.personaId]);
  const editDraft = useApp((s) => s.editDraft);
  const closeDraft = useApp((s) => s.closeDraft);
  const saveDraft = useApp((s) => s.saveDraft);
  const [discarding, setDiscarding] = useState(false);
  const choices = useMemo(() => {
    const writable = suites.filter((s) => s.suite).map((s) => s.file);
    return writable.includes(draft.suiteFile) ? writable : [draft.suiteFile, ...writable];
  }, [suites, draft]);
  const taken = useMemo(
    () => suites.find((s) => s.file === draft.suiteFile)?.suite?.cases.map((c) => c.name) ?? [],
    [suites, draft.suiteFile],
  );
  const check = useMemo(() => checkCaseText(draft.text, taken), [draft.text, taken]);
  const edited = draft.text !== draft.original;
  const close = () => (edited ? setDiscarding(true) : closeDraft());
  const save = () => {
    if (check.ok) void saveDraft(check.value);
  };
  return (
    <Modal
      title="Save as test"
      onClose={close}
      testId="save-test-dialog"
      wide
      actions={
        discarding ? (
          <>
            <span className="grow small">Discard your edits to this case?</span>
            <button onClick={() => setDiscarding(false)} data-autofocus>
              Keep editing
            </button>
            <button className="danger" onClick={closeDraft}>
              Discard
            </button>
          </>
        ) : (
          <>
            <button onClick={close}>Cancel</button>
            <button className="primary" onClick={save} disabled={!check.ok || draft.saving} data-testid="save-test">
              {draft.saving ? 'Saving…' : 'Save test'}
            </button>
          </>
        )
      }
    >
      <p className="small muted">
        The case from this session: its user turns, each tool&apos;s recorded results (the tools do not run), and
        proposed assertions. Edit it, then save it into one of the persona&apos;s suites. The fields are those of{' '}
        <code>docs/persona-suite.schema.json</code>.
      </p>
      <label htmlFor="save-test-suite" className="small">
        Suite
      </label>
      <select
        id="save-test-suite"
        data-testid="save-test-suite"
        value={draft.suiteFile}
        onChange={(e) => editDraft({ suiteFile: e.target.value })}
      >
        {choices.map((f) => (
          <option key={f} value={f} title={f}>
            {fileName(f)}
            {suites.some((s) => s.file === f) ? '' : ' (new)'}
          </option>
        ))}
      </select>
      <label htmlFor="save-test-json" className="small">
        Case (JSON)
      </label>
      <textarea
        id="save-test-json"
        className="code case-json"
        data-testid="save-test-json"
        data-autofocus
        spellCheck={false}
        rows={18}
        value={draft.text}
        aria-invalid={!check.ok}
        aria-describedby="save-test-problems"
        onChange={(e) => editDraft({ text: e.target.value })}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
      />
      <div id="save-test-problems" aria-live="polite">
        {!check.ok && (
          <ul className="notice error small case-problems" data-testid="save-test-problems">
            {check.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
      {draft.error && <ErrorNotice error={draft.error} testId="save-test-error" />}
    </Modal>
  );
}
