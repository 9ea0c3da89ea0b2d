import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { FilesystemToolsConfig } from '../../../../shared/plugins/toolboxes/filesystem';
import { defineTool, ToolArguments, ToolOutput, type AgentTool } from '../../toolbox';
import type { Sandbox } from './sandbox';

/** OVOS's answer for a path outside the root. */
export const accessDenied = (requested: string) => `Access denied: path '${requested}' is outside the sandbox root.`;
export const WRITE_DISABLED = 'Write access is disabled (allow_write=False).';
export const WRITTEN = 'File written successfully.';

const LINE_MAX = 1000;
const Truncated = z.boolean().optional().describe('True when the result was cut at max_results.');

export const ReadFileArgs = ToolArguments.extend({
  path: z.string().describe('Absolute or relative path of the file to read.'),
});
export const ReadFileOutput = ToolOutput.extend({
  content: z.string().describe('UTF-8 text content of the file, or an error message.'),
  path: z.string().describe('Resolved path that was read.'),
});
export const WriteFileArgs = ToolArguments.extend({
  path: z.string().describe('Absolute or relative path to write.'),
  content: z.string().describe('UTF-8 text to write into the file.'),
});
export const WriteFileOutput = ToolOutput.extend({
  success: z.boolean().describe('True if the write succeeded.'),
  path: z.string().describe('Resolved path that was written.'),
  message: z.string().describe('Human-readable status message.'),
});
export const ListDirectoryArgs = ToolArguments.extend({
  path: z.string().describe('Directory path to list.'),
  pattern: z.string().default('*').describe('Shell glob pattern to filter entries.'),
});
export const ListDirectoryOutput = ToolOutput.extend({
  entries: z.array(z.string()).describe('Matching filesystem entries.'),
  path: z.string().describe('Directory that was listed.'),
  truncated: Truncated,
});
export const SearchInFilesArgs = ToolArguments.extend({
  pattern: z.string().describe('Regular expression to search for.'),
  path: z.string().default('.').describe('Root directory to search within.'),
  glob: z.string().default('**/*').describe('Glob pattern to select files.'),
});
export const SearchInFilesOutput = ToolOutput.extend({
  matches: z
    .array(z.record(z.string(), z.string()))
    .describe('List of matches, each with keys: file, line_number, line.'),
  total: z.number().int().describe('Total number of matching lines found.'),
  truncated: Truncated,
});
export const FindFilesArgs = ToolArguments.extend({
  glob: z.string().describe("Glob pattern (e.g. '**/*.py')."),
  path: z.string().default('.').describe('Root directory to search from.'),
});
export const FindFilesOutput = ToolOutput.extend({
  files: z.array(z.string()).describe('Matched file paths as strings.'),
  total: z.number().int().describe('Number of files found.'),
  truncated: Truncated,
});

const isFile = async (p: string) => (await stat(p).catch(() => null))?.isFile() ?? false;
const onlyTrue = (truncated: boolean) => (truncated ? { truncated } : {});

/** The five OVOS filesystem tools over a sandbox (opened per call, so a config change or a deleted root shows). */
export function filesystemTools(sandbox: () => Promise<Sandbox>, config: FilesystemToolsConfig): AgentTool[] {
  const readFileTool = defineTool({
    name: 'read_file',
    description: 'Read the UTF-8 text content of a file.',
    argumentSchema: ReadFileArgs,
    outputSchema: ReadFileOutput,
    toolCall: async (args) => {
      const box = await sandbox();
      const p = await box.resolve(args.path);
      if (!p) return { content: accessDenied(args.path), path: args.path };
      try {
        const info = await stat(p);
        if (info.isFile() && info.size > config.max_read_bytes) {
          return {
            content: `Error reading file: the file is ${info.size} bytes, more than max_read_bytes (${config.max_read_bytes}).`,
            path: p,
          };
        }
        return { content: await readFile(p, 'utf8'), path: p };
      } catch (error) {
        return { content: `Error reading file: ${(error as Error).message}`, path: p };
      }
    },
  });

  const writeFileTool = defineTool({
    name: 'write_file',
    description: config.allow_write
      ? 'Write UTF-8 text content to a file, creating parent directories as needed.'
      : 'Write UTF-8 text content to a file (currently disabled — allow_write=False).',
    argumentSchema: WriteFileArgs,
    outputSchema: WriteFileOutput,
    toolCall: async (args) => {
      if (!config.allow_write) return { success: false, path: args.path, message: WRITE_DISABLED };
      const box = await sandbox();
      const p = await box.resolve(args.path);
      if (!p) return { success: false, path: args.path, message: accessDenied(args.path) };
      try {
        await mkdir(path.dirname(p), { recursive: true });
        await writeFile(p, args.content, 'utf8');
        return { success: true, path: p, message: WRITTEN };
      } catch (error) {
        return { success: false, path: args.path, message: `Error writing file: ${(error as Error).message}` };
      }
    },
  });

  const listDirectoryTool = defineTool({
    name: 'list_directory',
    description: 'List entries in a directory, optionally filtered by a glob pattern.',
    argumentSchema: ListDirectoryArgs,
    outputSchema: ListDirectoryOutput,
    toolCall: async (args) => {
      const box = await sandbox();
      const p = await box.resolve(args.path);
      if (!p) return { entries: [], path: args.path };
      const { paths, truncated } = await box.glob(p, args.pattern, { limit: config.max_results });
      return { entries: paths, path: p, ...onlyTrue(truncated) };
    },
  });

  const searchInFilesTool = defineTool({
    name: 'search_in_files',
    description: 'Search for a regex pattern across files under a directory.',
    argumentSchema: SearchInFilesArgs,
    outputSchema: SearchInFilesOutput,
    toolCall: async (args) => {
      const box = await sandbox();
      const root = await box.resolve(args.path);
      if (!root) return { matches: [], total: 0 };
      let regex: RegExp;
      try {
        regex = new RegExp(args.pattern);
      } catch {
        return { matches: [], total: 0 };
      }
      const matches: Record<string, string>[] = [];
      const { paths, truncated: cut } = await box.glob(root, args.glob, { limit: Infinity });
      let truncated = cut;
      for (const file of paths) {
        if (matches.length >= config.max_results) {
          truncated = true;
          break;
        }
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || info.size > config.max_read_bytes) continue;
        const text = await readFile(file, 'utf8').catch(() => null);
        if (text === null) continue;
        const lines = text.split(/\r?\n/);
        for (let i = 0; i < lines.length; i++) {
          if (!regex.test(lines[i])) continue;
          if (matches.length >= config.max_results) {
            truncated = true;
            break;
          }
          matches.push({ file, line_number: String(i + 1), line: lines[i].slice(0, LINE_MAX) });
        }
      }
      return { matches, total: matches.length, ...onlyTrue(truncated) };
    },
  });

  const findFilesTool = defineTool({
    name: 'find_files',
    description: 'Find files matching a glob pattern under a directory.',
    argumentSchema: FindFilesArgs,
    outputSchema: FindFilesOutput,
    toolCall: async (args) => {
      const box = await sandbox();
      const root = await box.resolve(args.path);
      if (!root) return { files: [], total: 0 };
      const { paths, truncated: cut } = await box.glob(root, args.glob, { limit: Infinity });
      const files: string[] = [];
      let truncated = cut;
      for (const p of paths) {
        if (!(await isFile(p))) continue;
        if (files.length >= config.max_results) {
          truncated = true;
          break;
        }
        files.push(p);
      }
      return { files, total: files.length, ...onlyTrue(truncated) };
    },
  });

  return [readFileTool, writeFileTool, listDirectoryTool, searchInFilesTool, findFilesTool];
}
