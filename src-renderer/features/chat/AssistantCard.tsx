import type { TraceEvent } from '../../../shared/domain/trace';
import { JsonView } from '../../components/JsonView';
import { MarkdownText } from '../../components/MarkdownText';
import { ElidedNote } from './ElidedNote';
import { RequestMarks } from './DebugMarks';
import { ForkButton } from './ForkButton';
import { useWholeExchange } from './use-whole-exchange';

type Assistant = Extract<TraceEvent, { type: 'assistant_message' }>;

/** An assistant turn: its text, the tool calls it asked for, and the raw provider exchange one click away. */
export function AssistantCard({
  event,
  rawOpen,
  onToggleRaw,
  onFork,
}: {
  event: Assistant;
  rawOpen: boolean;
  onToggleRaw(): void;
  /** "Fork from here": a new session from this turn, edited. */
  onFork?(): void;
}) {
  const exchange = useWholeExchange(event, rawOpen);
  return (
    <div className="msg assistant" data-testid="trace-assistant">
      <div className="who">
        Assistant <span className="badge">{Math.round(event.durationMs)} ms</span>
        <RequestMarks event={event} />
        {event.usage && (
          <span className="badge" title="Tokens the provider counted: prompt + completion" data-testid="turn-usage">
            {event.usage.promptTokens} + {event.usage.completionTokens} tokens
          </span>
        )}
        {event.ttftMs !== undefined && (
          <span className="badge" title="Time to the first streamed token">
            first token {Math.round(event.ttftMs)} ms
          </span>
        )}
        <span className="spacer" />
        {onFork && <ForkButton onClick={onFork} />}
        {event.raw && (
          <button
            className="small ghost"
            data-testid="toggle-raw-exchange"
            onClick={onToggleRaw}
            aria-expanded={rawOpen}
          >
            {rawOpen ? 'Hide raw' : 'Raw request/response'}
          </button>
        )}
      </div>
      {event.content && (
        <div className="text markdown">
          <MarkdownText text={event.content} />
        </div>
      )}
      <ElidedNote event={event} />
      {event.toolCalls.length > 0 && (
        <div className="calls">
          <span className="small muted">calls</span>
          {event.toolCalls.map((c) => (
            <code key={c.id} title={c.rawArguments}>
              {c.name}({c.rawArguments !== undefined ? 'arguments not JSON' : Object.keys(c.arguments).join(', ')})
            </code>
          ))}
        </div>
      )}
      {event.warnings.map((w) => (
        <div key={w} className="notice warn small" style={{ marginTop: 6 }}>
          {w}
        </div>
      ))}
      {rawOpen && event.raw && (
        <div className="kv" data-testid="raw-exchange">
          {exchange.state === 'here' ? (
            <>
              <span>request</span>
              <JsonView value={event.raw.request} />
              <span>response</span>
              <JsonView value={event.raw.response} />
            </>
          ) : (
            <>
              <span>exchange</span>
              <div className="small muted" data-testid="raw-request-pending" role="status">
                {exchange.state === 'loading' ? (
                  `Loading the request and response from the session file (the request is about ${formatChars(event.requestChars ?? 0)})…`
                ) : (
                  <>
                    The request and response could not be loaded: {exchange.state === 'failed' && exchange.error}{' '}
                    <button className="small" onClick={exchange.retry}>
                      Try again
                    </button>
                  </>
                )}
              </div>
            </>
          )}
          {event.requestEdit && (
            <>
              <span>before edit</span>
              <JsonView value={event.requestEdit.original} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** A size in characters, short: "840 characters", "12.3k characters". */
function formatChars(chars: number): string {
  return chars < 10_000 ? `${chars.toLocaleString('en')} characters` : `${(chars / 1000).toFixed(1)}k characters`;
}
