import type { SavedCall } from '../../../shared/domain/call-history';
import type { HistoryEntry } from '../../store/tools-slice';

/** Why a kept call cannot run again as it is (its secrets or its arguments were not kept); null when it can. */
export function whyNotRunnable(call: HistoryEntry | SavedCall): string | null {
  if (call.argsOmittedChars !== undefined)
    return `Its arguments (${call.argsOmittedChars.toLocaleString('en')} characters) were too big to keep.`;
  if (call.masked.length)
    return `Secret arguments are never kept (${call.masked.join(', ')}): Load it, fill them in, then Run.`;
  return null;
}

/** The time of a call: the time of day today, else the date too. */
export function callTime(at: number): string {
  const d = new Date(at);
  return d.toDateString() === new Date().toDateString() ? d.toLocaleTimeString() : d.toLocaleString();
}
