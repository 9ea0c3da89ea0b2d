import { Modal } from '../../components/Modal';
import { useApp } from '../../store/context';

/** The brain's address changed while an API key is stored: send that key to the new server, or forget it? */
export function KeyQuestionDialog() {
  const q = useApp((s) => s.keyQuestion);
  const answer = useApp((s) => s.answerKeyQuestion);
  if (!q) return null;
  return (
    <Modal
      title="Use the stored API key with the new address?"
      onClose={() => void answer(null)}
      testId="key-question"
      actions={
        <>
          <button onClick={() => void answer(null)}>Cancel</button>
          <button onClick={() => void answer('forget')} data-testid="key-forget" data-autofocus>
            Forget the key
          </button>
          <button className="primary" onClick={() => void answer('keep')} data-testid="key-keep">
            Keep it for the new address
          </button>
        </>
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        The key was saved for <code className="wrap">{q.from}</code>. The brain now points at{' '}
        <code className="wrap">{q.to}</code>. A key is only sent to the server it was saved for: keep it only if that
        server should have it.
      </p>
    </Modal>
  );
}
