import type { SpanKind } from '../../../shared/domain/trace';
import type { SpanRow } from '../../lib/trace-rows';

/** How each span kind is named in its header. */
export const SPAN_LABEL: Record<SpanKind, string> = {
  plan: 'Plan',
  step: 'Step',
  iteration: 'Iteration',
  synthesis: 'Synthesis',
  episode: 'Episode',
  answer: 'Answer',
  verdict: 'Verdict',
  reflection: 'Reflection',
  follow_up: 'Follow-up',
  intermediate_answer: 'Intermediate answer',
  reasoning: 'Reasoning',
  draft: 'Draft',
  critique: 'Critique',
  claim: 'Claim',
  revision: 'Revision',
  depth: 'Depth',
  candidate: 'Candidate',
  final: 'Final answer',
};

/** Spans whose result reads as a summary above their rows; the others show it only folded (the rows say it). */
const SUMMARY_KINDS = new Set<SpanKind>(['episode', 'step', 'candidate', 'critique']);

/** A loop span's header (a plan step, an episode, a scored candidate...), folding the rows under it; its result below. */
export function SpanCard({ row, collapsed, onToggle }: { row: SpanRow; collapsed: boolean; onToggle(): void }) {
  const title = row.title.startsWith(SPAN_LABEL[row.spanKind])
    ? row.title
    : `${SPAN_LABEL[row.spanKind]} · ${row.title}`;
  return (
    <div
      className={`span-card span-${row.spanKind}${row.kept === false ? ' pruned' : ''}`}
      data-testid="trace-span"
      data-span-kind={row.spanKind}
      data-open={row.open}
    >
      <div className="head">
        <button
          className="ghost small"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? `Expand ${title}` : `Collapse ${title}`}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        <span className="span-title">{title}</span>
        {row.open && <span className="spinner" aria-label="running" />}
        {row.score !== undefined && <span className="badge">score {row.score}/10</span>}
        {row.kept === true && <span className="badge ok">kept</span>}
        {row.kept === false && <span className="badge">pruned</span>}
        {row.satisfactory === true && <span className="badge ok">satisfactory</span>}
        {row.satisfactory === false && <span className="badge warn">unsatisfactory</span>}
      </div>
      {row.text && (collapsed || !row.children || SUMMARY_KINDS.has(row.spanKind)) && (
        <div className={collapsed ? 'span-text clipped' : 'span-text'}>{row.text}</div>
      )}
    </div>
  );
}
