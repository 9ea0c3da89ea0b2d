import { useApp } from '../../store/context';
import { activeRunId, currentEvents } from '../../store/chat-slice';

/** Save as test: proposes a test case from this chat session (its turns, recorded tools, assertions) to edit and save. */
export function SaveAsTestButton() {
  const sessionId = useApp((s) => s.sessionId);
  const running = useApp(activeRunId);
  const hasRun = useApp((s) => currentEvents(s).some((e) => e.type === 'run_finished'));
  const draftTest = useApp((s) => s.draftTest);
  return (
    <button
      className="small ghost"
      data-testid="save-as-test"
      onClick={() => sessionId && void draftTest(sessionId)}
      disabled={!sessionId || !!running || !hasRun}
      title={
        running
          ? 'Wait for the run to end'
          : 'Make a test case of this session: its user turns, the tools it called (recorded), proposed assertions'
      }
    >
      Save as test
    </button>
  );
}
