import type { DiffPart, IterationDiff, RunDiff, ToolDiff, TurnDiff } from '../../../shared/domain/run-diff';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Modal } from '../../components/Modal';
import { useApp } from '../../store/context';
import { sessionTree, treeLabel } from '../../lib/session-tree';

const ms = (v: number | null) => (v === null ? '–' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const num = (v: number | null) => (v === null ? '–' : String(v));

/** A number on both sides, with its change when it has one. */
function Delta({
  label,
  pair,
  format = num,
}: {
  label: string;
  pair: [number | null, number | null];
  format?: (v: number | null) => string;
}) {
  const [a, b] = pair;
  const d = a !== null && b !== null ? b - a : null;
  return (
    <span className="badge" data-testid={`delta-${label}`}>
      {label} {format(a)} → {format(b)}
      {d ? (
        <strong className={d > 0 ? 'delta-up' : 'delta-down'}>
          {' '}
          ({d > 0 ? '+' : ''}
          {format(d)})
        </strong>
      ) : null}
    </span>
  );
}

/** One side of a JSON diff: the lines of that side, the ones only it has highlighted. */
function JsonSide({ parts, side, testId }: { parts: DiffPart[]; side: 'a' | 'b'; testId?: string }) {
  const mine = parts.filter((p) => (side === 'a' ? !p.added : !p.removed));
  return (
    <pre className="json diff-json" data-testid={testId}>
      {mine.map((p, i) =>
        p.added || p.removed ? (
          <mark key={i} className={p.added ? 'diff-add' : 'diff-del'} data-testid="diff-changed">
            {p.value}
          </mark>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </pre>
  );
}

const plain = (v: unknown) => [{ value: `${JSON.stringify(v, null, 2) ?? 'null'}\n` }];

/** A tool call on both sides: same, changed (arguments and results as highlighted JSON), added or removed. */
function ToolRowDiff({ tool }: { tool: ToolDiff }) {
  const cell = (side: 'a' | 'b') => {
    const s = side === 'a' ? tool.a : tool.b;
    if (!s) return <div className="diff-cell empty muted small">—</div>;
    return (
      <div className={`diff-cell ${tool.status}`}>
        <div className="small">
          <code>{tool.name}</code>{' '}
          {tool.status !== 'same' && <span className={`badge diff-${tool.status}`}>{tool.status}</span>}
          {!s.ok && <span className="badge err">error</span>}
        </div>
        <div className="small muted">arguments</div>
        <JsonSide
          parts={tool.argumentsChanged && tool.a && tool.b ? tool.argumentsDiff : plain(s.arguments)}
          side={side}
        />
        <div className="small muted">result</div>
        <JsonSide
          parts={tool.outcomeChanged && tool.a && tool.b ? tool.outcomeDiff : plain(s.outcome)}
          side={side}
          testId={`diff-result-${side}`}
        />
      </div>
    );
  };
  return (
    <div className="diff-row" data-testid="diff-tool" data-status={tool.status}>
      {cell('a')}
      {cell('b')}
    </div>
  );
}

function IterationBlock({ it }: { it: IterationDiff }) {
  return (
    <div className="diff-iteration" data-testid="diff-iteration">
      <div className="iter">Iteration {it.iteration}</div>
      {(it.textA || it.textB) && (
        <div className="diff-row">
          <div className={`diff-cell ${it.textChanged ? 'changed' : ''}`}>{it.textA ?? '—'}</div>
          <div className={`diff-cell ${it.textChanged ? 'changed' : ''}`}>{it.textB ?? '—'}</div>
        </div>
      )}
      {it.tools.map((t, i) => (
        <ToolRowDiff key={i} tool={t} />
      ))}
    </div>
  );
}

/** The answers as a word diff: what only A says struck out, what only B says underlined. */
function AnswerDiff({ turn }: { turn: TurnDiff }) {
  if (!turn.answerChanged)
    return (
      <div className="diff-row">
        <div className="diff-cell">{turn.endA?.text}</div>
        <div className="diff-cell">{turn.endB?.text}</div>
      </div>
    );
  const side = (s: 'a' | 'b') => (
    <div className="diff-cell changed" data-testid={`diff-answer-${s}`}>
      {(s === 'a' ? turn.endA : turn.endB)?.status !== 'finished' && (
        <span className="badge warn">{(s === 'a' ? turn.endA : turn.endB)?.status ?? 'absent'}</span>
      )}{' '}
      {turn.answerDiff
        .filter((p) => (s === 'a' ? !p.added : !p.removed))
        .map((p, i) =>
          p.added ? (
            <ins key={i} className="diff-add">
              {p.value}
            </ins>
          ) : p.removed ? (
            <del key={i} className="diff-del">
              {p.value}
            </del>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
    </div>
  );
  return (
    <div className="diff-row">
      {side('a')}
      {side('b')}
    </div>
  );
}

function TurnBlock({ turn }: { turn: TurnDiff }) {
  return (
    <section className="diff-turn" data-testid="diff-turn" data-status={turn.status}>
      <header className="row">
        <strong>Turn {turn.turn}</strong>
        <span className={`badge diff-${turn.status}`}>{turn.status}</span>
        <span className="spacer" />
        <Delta label="iterations" pair={turn.iterationCount} />
        <Delta label="duration" pair={turn.durationMs} format={ms} />
        <Delta label="tokens" pair={turn.tokens} />
      </header>
      <div className="diff-row">
        <div className={`diff-cell user ${turn.userChanged ? 'changed' : ''}`}>{turn.userA ?? '—'}</div>
        <div className={`diff-cell user ${turn.userChanged ? 'changed' : ''}`}>{turn.userB ?? '—'}</div>
      </div>
      {turn.iterations.map((it) => (
        <IterationBlock key={it.iteration} it={it} />
      ))}
      <div className="iter">Answer</div>
      <AnswerDiff turn={turn} />
    </section>
  );
}

function Summary({ diff }: { diff: RunDiff }) {
  return (
    <div className="row diff-summary" data-testid="diff-summary">
      <span className={diff.equal ? 'badge ok' : 'badge warn'} data-testid="diff-verdict">
        {diff.equal ? 'equal (ids, times and token counts aside)' : 'the runs differ'}
      </span>
      <Delta label="turns" pair={[diff.a.turns, diff.b.turns]} />
      <Delta label="iterations" pair={[diff.a.iterations, diff.b.iterations]} />
      <Delta label="duration" pair={[diff.a.durationMs, diff.b.durationMs]} format={ms} />
      <Delta label="tokens" pair={[diff.a.tokens, diff.b.tokens]} />
    </div>
  );
}

/** Diff two runs: pick A and B, then see them side by side, aligned by turn and iteration. */
export function RunDiffView() {
  const pair = useApp((s) => s.diffPair);
  const diff = useApp((s) => s.runDiff);
  const error = useApp((s) => s.diffError);
  const sessions = useApp((s) => s.sessions);
  const compare = useApp((s) => s.compare);
  const close = useApp((s) => s.closeDiff);
  if (!pair) return null;
  const options = sessionTree(sessions).map((e) => (
    <option key={e.session.sessionId} value={e.session.sessionId}>
      {treeLabel(e)}
    </option>
  ));
  return (
    <Modal
      title="Diff two runs"
      onClose={close}
      testId="run-diff"
      wide
      actions={<button onClick={close}>Close</button>}
    >
      <div className="diff-row diff-pickers">
        <label className="stack">
          <span className="small muted">A</span>
          <select
            data-testid="diff-a"
            data-autofocus
            value={pair.a}
            onChange={(e) => void compare(e.target.value, pair.b)}
          >
            {options}
          </select>
        </label>
        <label className="stack">
          <span className="small muted">B</span>
          <select data-testid="diff-b" value={pair.b} onChange={(e) => void compare(pair.a, e.target.value)}>
            {options}
          </select>
        </label>
      </div>
      {error && <ErrorNotice error={error} testId="diff-error" />}
      {!diff && !error && <p className="small muted">Comparing…</p>}
      {diff && (
        <div className="diff-body" data-testid="diff-body">
          <Summary diff={diff} />
          {diff.turns.map((t) => (
            <TurnBlock key={t.turn} turn={t} />
          ))}
        </div>
      )}
    </Modal>
  );
}
