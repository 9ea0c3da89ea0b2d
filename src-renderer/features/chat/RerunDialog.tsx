import { useState } from 'react';
import type { RerunOnMiss, RerunTools } from '../../../shared/domain/time-travel';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { PluginSelect } from '../../components/PluginSelect';
import { useApp } from '../../store/context';

/**
 * "Re-run with…": the session's user turns again, in order, in a new session, against another persona, brain,
 * model or engine; tools run live or answer from the recording (name and arguments), a miss live or failing.
 */
export function RerunDialog() {
  const open = useApp((s) => s.rerunOpen);
  if (!open) return null;
  return <RerunForm />;
}

function RerunForm() {
  const openRerun = useApp((s) => s.openRerun);
  const close = () => openRerun(false);
  const rerun = useApp((s) => s.rerun);
  const error = useApp((s) => s.rerunError);
  const personas = useApp((s) => s.personas);
  const catalog = useApp((s) => s.catalog);
  const engines = catalog?.engines ?? [];
  const brains = catalog?.brains ?? [];
  const current = useApp((s) => s.sessions.find((x) => x.sessionId === s.sessionId)?.personaId ?? s.selectedId);
  const [personaId, setPersonaId] = useState(current ?? '');
  const [model, setModel] = useState('');
  const [brain, setBrain] = useState('');
  const [engine, setEngine] = useState('');
  const [tools, setTools] = useState<RerunTools>('recorded');
  const [onMiss, setOnMiss] = useState<RerunOnMiss>('live');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    await rerun({
      ...(personaId && personaId !== current ? { personaId } : {}),
      ...(model.trim() ? { model: model.trim() } : {}),
      ...(brain ? { brain } : {}),
      ...(engine ? { engine } : {}),
      tools,
      onMiss,
    });
    setBusy(false);
  };
  return (
    <Modal
      title="Re-run with…"
      onClose={close}
      testId="rerun-dialog"
      wide
      actions={
        <>
          <button onClick={close}>Cancel</button>
          <button className="primary" data-testid="rerun-submit" onClick={() => void submit()} disabled={busy}>
            Re-run
          </button>
        </>
      }
    >
      <p className="small muted">
        The same user turns, in order, in a new session. Leave a field as it is to keep the session&apos;s.
      </p>
      <div className="form-grid">
        <label htmlFor="rerun-persona">Persona</label>
        <select id="rerun-persona" data-autofocus value={personaId} onChange={(e) => setPersonaId(e.target.value)}>
          {personas.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.id === current ? ' (this session’s)' : ''}
            </option>
          ))}
        </select>
        <label htmlFor="rerun-engine">Loop engine</label>
        <PluginSelect id="rerun-engine" value={engine} plugins={engines} unset="the persona's" onChange={setEngine} />
        <label htmlFor="rerun-brain">Brain</label>
        <PluginSelect id="rerun-brain" value={brain} plugins={brains} unset="the persona's" onChange={setBrain} />
        <label htmlFor="rerun-model">Model</label>
        <input
          id="rerun-model"
          data-testid="rerun-model"
          placeholder="the persona's"
          value={model}
          maxLength={200}
          onChange={(e) => setModel(e.target.value)}
        />
        <span>Tool calls</span>
        <div className="row" role="radiogroup" aria-label="Tool calls">
          <label>
            <input type="radio" checked={tools === 'recorded'} onChange={() => setTools('recorded')} /> answered from
            the recording (same name and arguments)
          </label>
          <label>
            <input type="radio" checked={tools === 'live'} onChange={() => setTools('live')} /> run live
          </label>
        </div>
        {tools === 'recorded' && (
          <>
            <span>No recorded match</span>
            <div className="row" role="radiogroup" aria-label="No recorded match">
              <label>
                <input type="radio" checked={onMiss === 'live'} onChange={() => setOnMiss('live')} /> run it live
              </label>
              <label>
                <input type="radio" checked={onMiss === 'fail'} onChange={() => setOnMiss('fail')} /> fail as &quot;no
                recorded result&quot;
              </label>
            </div>
          </>
        )}
      </div>
      {error && <ErrorNotice error={error} testId="rerun-error" />}
    </Modal>
  );
}
