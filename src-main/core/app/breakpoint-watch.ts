import { toolBreakpointHit, type Breakpoints } from '../../../shared/domain/debug';

/** What the tool breakpoints can stop at, as a run checks them before every tool call. */
interface Watch {
  off: boolean;
  /** Enabled with no tool and no condition: every call stops. */
  all: boolean;
  /** The tools named by the list or by a condition: no other tool can stop. */
  names: ReadonlySet<string>;
}

const watches = new WeakMap<Breakpoints, Watch>();

/**
 * `toolBreakpointHit`, O(1) and allocation-free for a tool no breakpoint names (the common call while debugging):
 * the watched names are collected once per breakpoints object (a change of breakpoints is a new object).
 */
export function toolBreakpointStops(breakpoints: Breakpoints, tool: string, args: Record<string, unknown>): boolean {
  let watch = watches.get(breakpoints);
  if (!watch) {
    const { enabled, tools, conditions } = breakpoints.beforeTools;
    watch = {
      off: !enabled,
      all: enabled && !tools.length && !conditions.length,
      names: new Set([...tools, ...conditions.map((c) => c.tool)]),
    };
    watches.set(breakpoints, watch);
  }
  if (watch.off) return false;
  if (watch.all) return true;
  return watch.names.has(tool) && toolBreakpointHit(breakpoints, tool, args);
}
