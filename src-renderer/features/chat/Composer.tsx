import { memo, useState } from 'react';
import { modKey } from '../../lib/keys';

/**
 * The message box: Ctrl/Cmd+Enter sends; while a run goes, Cancel (or Esc) stops it. A send that fails gives the text
 * back. Memoized, and its text is its own state: typing redraws only the box, a streaming trace does not redraw it.
 */
export const Composer = memo(function Composer({
  disabled,
  running,
  sending,
  onSend,
  onCancel,
  placeholder,
  prefill,
}: {
  disabled: boolean;
  running: boolean;
  sending: boolean;
  /** False when the message was not sent: the box gets it back. */
  onSend(text: string): Promise<boolean>;
  onCancel(): void;
  placeholder: string;
  /** Text put into the box from elsewhere ("Use in chat" on an MCP prompt); a new nonce applies again. */
  prefill?: { text: string; nonce: number } | null;
}) {
  const [text, setText] = useState(prefill?.text ?? '');
  const [applied, setApplied] = useState(prefill?.nonce);
  if (prefill && prefill.nonce !== applied) {
    setApplied(prefill.nonce);
    setText(prefill.text);
  }
  const send = async () => {
    if (!text.trim() || disabled || running || sending) return;
    const t = text;
    setText('');
    if (!(await onSend(t))) setText((typed) => typed || t);
  };
  return (
    <div className="composer">
      <div className="box">
        <textarea
          aria-label="Message"
          data-testid="chat-input"
          data-composer
          rows={2}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
              e.preventDefault();
              void send();
            }
          }}
        />
        {running ? (
          <button className="danger" data-testid="cancel-run" onClick={onCancel} title="Esc">
            Cancel
          </button>
        ) : (
          <button
            className="primary"
            data-testid="send"
            onClick={() => void send()}
            disabled={disabled || sending || !text.trim()}
          >
            {sending ? 'Sending…' : 'Send'}
          </button>
        )}
      </div>
      <div className="hint">
        <kbd>{modKey()}</kbd>+<kbd>Enter</kbd> sends · <kbd>Esc</kbd> cancels a run · every turn is saved with its full
        trace
      </div>
    </div>
  );
});
