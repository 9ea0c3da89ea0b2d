import { busToolbox } from './bus';
import { clockToolbox } from './clock';
import { filesystemToolbox } from './filesystem';
import { mathToolbox } from './math';
import { mcpToolbox } from './mcp';
import { shellToolbox } from './shell';
import { skillMdToolbox } from './skill-md';
import type { ToolboxDescriptor } from './toolbox-descriptor';
import { utcpToolbox } from './utcp';
import { webSearchToolbox } from './web-search';

/** Toolboxes shipped with the app, in the order the editor lists them. To add one: its module exports a descriptor; list it here. */
export const BUILTIN_TOOLBOXES: ToolboxDescriptor[] = [
  mathToolbox,
  clockToolbox,
  filesystemToolbox,
  shellToolbox,
  webSearchToolbox,
  skillMdToolbox,
  mcpToolbox,
  utcpToolbox,
  busToolbox,
];
