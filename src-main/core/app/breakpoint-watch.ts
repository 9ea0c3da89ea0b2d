import { toolBreakpointHit, type Breakpoints } from '../../../shared/domain/debug';

/** What tool breakpoints can stop at, collected once per breakpoints object (a change of them is a new object). */
interface Watched {
  off: boolean;
  /** Enabled with no tool and no condition: every call stops. */
  all: boolean;
  /** The tools named by the list or by a condition: no other tool can stop. */
  names: ReadonlySet<string>;
}

const collected = new WeakMap<Breakpoints, Watched>();
const NOTHING: Watched = { off: true, all: false, names: new Set() };

function collect(breakpoints: Breakpoints): Watched {
  let watched = collected.get(breakpoints);
  if (!watched) {
    const { enabled, tools, conditions } = breakpoints.beforeTools;
    watched = {
      off: !enabled,
      all: enabled && !tools.length && !conditions.length,
      names: new Set([...tools, ...conditions.map((c) => c.tool)]),
    };
    collected.set(breakpoints, watched);
  }
  return watched;
}

/**
 * `toolBreakpointHit` as a run checks it before every tool call: O(1) and allocation-free for a tool no breakpoint
 * names (the common call while debugging): an identity check of the breakpoints object, then a set lookup. Breakpoints
 * changed during the run are a new object, seen at the next call.
 */
export class BreakpointWatch {
  private breakpoints: Breakpoints | null = null;
  private watched: Watched = NOTHING;

  /** Whether a call of `tool` may stop (its arguments decide when a condition names it). */
  mayStop(breakpoints: Breakpoints, tool: string): boolean {
    if (breakpoints !== this.breakpoints) {
      this.breakpoints = breakpoints;
      this.watched = collect(breakpoints);
    }
    const { off, all, names } = this.watched;
    return !off && (all || names.has(tool));
  }

  /** Whether a call of `tool` with `args` stops. */
  stops(breakpoints: Breakpoints, tool: string, args: Record<string, unknown>): boolean {
    if (!this.mayStop(breakpoints, tool)) return false;
    return this.watched.all || toolBreakpointHit(breakpoints, tool, args);
  }
}
