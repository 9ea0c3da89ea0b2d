import type { ProgramInfo } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { useApp } from '../../store/context';

const WHY = {
  import: 'It was imported: none of its programs has run. Check each one before you allow it.',
  chat: 'The chat needs its tools, and these programs have not been approved. Your message is sent once you approve.',
  tools: 'Its tools come from these programs. They start only once you approve them.',
};

/** One program in full: command, each argument, working folder, environment (credential values masked). */
function ProgramView({ p }: { p: ProgramInfo }) {
  return (
    <li className="program" data-testid={`program-${p.toolboxId}`}>
      <div className="program-head">
        <code>{p.toolboxId}</code>
        {p.approved ? <span className="badge ok">approved</span> : <span className="badge warn">needs approval</span>}
      </div>
      <dl>
        <dt>Command</dt>
        <dd>
          <code data-testid="program-command">{p.command}</code>
        </dd>
        <dt>Arguments</dt>
        <dd>
          {p.args.length ? (
            <ol className="program-args">
              {p.args.map((a, i) => (
                <li key={i}>
                  <code>{a}</code>
                </li>
              ))}
            </ol>
          ) : (
            <span className="muted">none</span>
          )}
        </dd>
        <dt>Working folder</dt>
        <dd>{p.cwd ? <code>{p.cwd}</code> : <span className="muted">the app’s own</span>}</dd>
        {p.roots.length > 0 && (
          <>
            <dt>MCP roots</dt>
            <dd>
              <ul className="program-env" data-testid="program-roots">
                {p.roots.map((r) => (
                  <li key={r}>
                    <code>{r}</code>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Environment</dt>
        <dd>
          {Object.keys(p.env).length ? (
            <ul className="program-env">
              {Object.entries(p.env).map(([k, v]) => (
                <li key={k}>
                  <code>
                    {k}={v}
                  </code>
                  {p.maskedEnv.includes(k) && <span className="small muted"> (secret, hidden)</span>}
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">nothing added (PATH, HOME and USER are inherited)</span>
          )}
        </dd>
      </dl>
    </li>
  );
}

/** Shows every program a persona would start, in full, and starts them only on "Approve". */
export function ApprovalDialog() {
  const req = useApp((s) => s.approval);
  const approve = useApp((s) => s.approvePrograms);
  const dismiss = useApp((s) => s.dismissApproval);
  if (!req) return null;
  const pending = req.programs.filter((p) => !p.approved).length;
  return (
    <Modal
      title={`“${req.personaName}” wants to run ${req.programs.length === 1 ? 'a program' : `${req.programs.length} programs`} on this computer`}
      onClose={dismiss}
      testId="approval-dialog"
      wide
      actions={
        <>
          <button data-autofocus onClick={dismiss} data-testid="approval-not-now">
            Not now
          </button>
          <button
            className="primary"
            onClick={() => void approve()}
            disabled={req.busy || pending === 0}
            data-testid="approval-approve"
          >
            {req.busy ? 'Approving…' : pending === 0 ? 'Approved' : 'Approve and run'}
          </button>
        </>
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        {WHY[req.reason]} A program runs with your permissions; approve only what you trust. A changed command asks
        again.
      </p>
      <ul className="programs">
        {req.programs.map((p) => (
          <ProgramView key={p.fingerprint} p={p} />
        ))}
      </ul>
      {req.error && <ErrorNotice error={req.error} />}
    </Modal>
  );
}
