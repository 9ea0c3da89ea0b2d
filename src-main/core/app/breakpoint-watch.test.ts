import { describe, expect, it } from 'vitest';
import { Breakpoints } from '../../../shared/domain/debug';
import { BreakpointWatch } from './breakpoint-watch';

describe('BreakpointWatch', () => {
  it('stops as the breakpoints say: all calls when none are named, else the named tools and matching conditions', () => {
    const watch = new BreakpointWatch();
    const toolBreakpointStops = watch.stops.bind(watch);
    const all = Breakpoints.parse({ beforeTools: { enabled: true } });
    expect(toolBreakpointStops(all, 'anything', {})).toBe(true);
    const some = Breakpoints.parse({
      beforeTools: { enabled: true, tools: ['a'], conditions: [{ tool: 'b', argsContain: { x: 1 } }] },
    });
    expect(toolBreakpointStops(some, 'a', {})).toBe(true);
    expect(toolBreakpointStops(some, 'b', { x: 1, y: 2 })).toBe(true);
    expect(toolBreakpointStops(some, 'b', { x: 2 })).toBe(false);
    expect(toolBreakpointStops(some, 'c', { x: 1 })).toBe(false);
    expect(toolBreakpointStops(Breakpoints.parse({ beforeTools: { tools: ['a'] } }), 'a', {})).toBe(false);
  });

  it('sees breakpoints changed during a run at the next call (each change is a new breakpoints object)', () => {
    const watch = new BreakpointWatch();
    const toolBreakpointStops = watch.stops.bind(watch);
    const before = Breakpoints.parse({ beforeTools: { enabled: true, tools: ['a'] } });
    expect(toolBreakpointStops(before, 'b', {})).toBe(false);
    const after = Breakpoints.parse({ beforeTools: { enabled: true, tools: ['a', 'b'] } });
    expect(toolBreakpointStops(after, 'b', {})).toBe(true);
    expect(toolBreakpointStops(before, 'b', {})).toBe(false);
  });
});
