import { busToolbox } from './bus';
import { clockToolbox } from './clock';
import { mathToolbox } from './math';
import { mcpToolbox } from './mcp';
import type { ToolboxDescriptor } from './toolbox-descriptor';
import { utcpToolbox } from './utcp';

/** Toolboxes shipped with the app, in the order the editor lists them. To add one: its module exports a descriptor; list it here. */
export const BUILTIN_TOOLBOXES: ToolboxDescriptor[] = [mathToolbox, clockToolbox, mcpToolbox, utcpToolbox, busToolbox];
