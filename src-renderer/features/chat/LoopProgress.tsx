import { ProgressBar } from '../../components/ProgressBar';
import { useApp } from '../../store/context';
import { progressKey } from '../../store/mcp-slice';

/** The progress a running loop call reports (MCP progress notifications), under its TOOL card's head. */
export function LoopProgress({ runId, toolCallId }: { runId: string; toolCallId: string }) {
  const progress = useApp((s) => s.toolProgress[progressKey(toolCallId, runId)]);
  return progress ? <ProgressBar progress={progress} /> : null;
}
