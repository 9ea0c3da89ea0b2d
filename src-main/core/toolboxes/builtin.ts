import type { ToolBoxClass } from '../toolbox';
import { MathToolBox } from './math';
import { ClockToolBox } from './clock';
import { MCPToolBox } from './mcp';
import { UTCPToolBox } from './utcp';
import { BusToolBox } from './bus';

/** Toolboxes shipped with the app, by their OVOS ids. */
export const BUILTIN_TOOLBOXES: ToolBoxClass[] = [MathToolBox, ClockToolBox, MCPToolBox, UTCPToolBox, BusToolBox];
