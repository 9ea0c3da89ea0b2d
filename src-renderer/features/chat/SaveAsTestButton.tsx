import { useApp } from '../../store/context';
import { activeRunId, currentEvents } from '../../store/chat-selectors';

/** Save as test: proposes a test case from this chat session (its turns, recorded tools, assertions) to edit and save. */
export function SaveAsTestButton() {
  const sessionId = useApp((s) => s.sessionId);
  const running = useApp(activeRunId);
  // Cheap on every store change (a session can hold thousands of events); main says when nothing finished yet.
  const hasRun = useApp((s) => currentEvents(s).length > 0);
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
