import { toolBreakpointHit, type Breakpoints } from '../../../shared/domain/debug';

/**
 * `toolBreakpointHit` as a run checks it before every tool call: O(1) and allocation-free for a tool no breakpoint
 * names (the common call while debugging). The names the breakpoints watch (listed tools, conditions' tools) are
 * collected once per breakpoints object: a change of breakpoints is a new object, seen at the next call.
 */
export class BreakpointWatch {
  private watched: Breakpoints | null = null;
  private off = true;
  /** Enabled with no tool and no condition: every call stops. */
  private all = false;
  private names: ReadonlySet<string> = new Set();

  stops(breakpoints: Breakpoints, tool: string, args: Record<string, unknown>): boolean {
    if (breakpoints !== this.watched) this.watch(breakpoints);
    if (this.off) return false;
    if (this.all) return true;
    return this.names.has(tool) && toolBreakpointHit(breakpoints, tool, args);
  }

  private watch(breakpoints: Breakpoints): void {
    const { enabled, tools, conditions } = breakpoints.beforeTools;
    this.watched = breakpoints;
    this.off = !enabled;
    this.all = enabled && !tools.length && !conditions.length;
    this.names = new Set([...tools, ...conditions.map((c) => c.tool)]);
  }
}
