import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesystemToolBox, filesystemToolbox } from './index';
import { NO_ROOT_MESSAGE } from './sandbox';

let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'fs-tools-')));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'src', 'deep'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'notes.txt'), 'hello\nworld\n');
  await writeFile(path.join(root, 'src', 'a.py'), 'import os\nprint("TODO: a")\n');
  await writeFile(path.join(root, 'src', 'deep', 'b.py'), '# TODO b\n');
  await writeFile(path.join(root, 'big.txt'), 'x'.repeat(2000));
  await writeFile(path.join(outside, 'secret.txt'), 'TODO secret');
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'link-out.txt'));
  await symlink(outside, path.join(root, 'dir-out'));
  await symlink(path.join(root, 'notes.txt'), path.join(root, 'link-in.txt'));
});
afterAll(() => rm(base, { recursive: true, force: true }));

const box = (config: Record<string, unknown> = {}) =>
  new FilesystemToolBox({ config: { root_path: root, max_read_bytes: 1000, ...config } });

describe('FilesystemToolBox (ovos-filesystem-tools)', () => {
  it("has OVOS's id and five tools", async () => {
    const tb = box();
    await tb.ready;
    expect(filesystemToolbox.id).toBe('ovos-filesystem-tools');
    expect([...tb.tools.keys()]).toEqual([
      'read_file',
      'write_file',
      'list_directory',
      'search_in_files',
      'find_files',
    ]);
  });

  it('without a root folder every tool is a tool error saying to set root_path', async () => {
    const tb = new FilesystemToolBox();
    for (const [name, args] of [
      ['read_file', { path: 'notes.txt' }],
      ['write_file', { path: 'x.txt', content: 'x' }],
      ['list_directory', { path: '.' }],
      ['search_in_files', { pattern: 'x' }],
      ['find_files', { glob: '*' }],
    ] as const) {
      await expect(tb.callTool(name, args)).rejects.toMatchObject({
        code: 'tool_execution_failed',
        details: { cause: NO_ROOT_MESSAGE },
      });
    }
    expect(NO_ROOT_MESSAGE).toMatch(/set 'root_path' in this toolbox's config/);
  });

  it('a root that does not exist is a tool error naming it', async () => {
    const tb = new FilesystemToolBox({ config: { root_path: path.join(base, 'nope') } });
    await expect(tb.callTool('read_file', { path: 'a' })).rejects.toMatchObject({
      details: { cause: expect.stringMatching(/root folder '.*nope' of ovos-filesystem-tools cannot be used/) },
    });
  });

  describe('read_file', () => {
    it('reads a file relative to the root, and follows a symlink that stays inside', async () => {
      expect(await box().callTool('read_file', { path: 'notes.txt' })).toEqual({
        content: 'hello\nworld\n',
        path: path.join(root, 'notes.txt'),
      });
      expect(await box().callTool('read_file', { path: 'link-in.txt' })).toEqual({
        content: 'hello\nworld\n',
        path: path.join(root, 'notes.txt'),
      });
      expect((await box().callTool('read_file', { path: path.join(root, 'src/a.py') })).content).toMatch(/^import os/);
    });

    it("refuses ../ escapes, absolute paths elsewhere and symlinks out with OVOS's Access denied", async () => {
      for (const p of ['../outside/secret.txt', 'src/../../outside/secret.txt', path.join(outside, 'secret.txt')]) {
        expect(await box().callTool('read_file', { path: p })).toEqual({
          content: `Access denied: path '${p}' is outside the sandbox root.`,
          path: p,
        });
      }
      expect(await box().callTool('read_file', { path: 'link-out.txt' })).toEqual({
        content: "Access denied: path 'link-out.txt' is outside the sandbox root.",
        path: 'link-out.txt',
      });
      expect((await box().callTool('read_file', { path: 'dir-out/secret.txt' })).content).toMatch(/^Access denied/);
    });

    it("a missing file, a folder and a file over max_read_bytes are OVOS's 'Error reading file'", async () => {
      expect((await box().callTool('read_file', { path: 'missing.txt' })).content).toMatch(
        /^Error reading file: ENOENT/,
      );
      expect((await box().callTool('read_file', { path: 'src' })).content).toMatch(/^Error reading file: EISDIR/);
      expect(await box().callTool('read_file', { path: 'big.txt' })).toEqual({
        content: 'Error reading file: the file is 2000 bytes, more than max_read_bytes (1000).',
        path: path.join(root, 'big.txt'),
      });
    });
  });

  describe('write_file', () => {
    it('writes inside the root, creating folders', async () => {
      const out = await box().callTool('write_file', { path: 'new/dir/out.txt', content: 'written' });
      expect(out).toEqual({
        success: true,
        path: path.join(root, 'new/dir/out.txt'),
        message: 'File written successfully.',
      });
      expect(await readFile(path.join(root, 'new/dir/out.txt'), 'utf8')).toBe('written');
    });

    it('refuses escapes and writes through symlinks out; nothing is written outside', async () => {
      for (const p of ['../outside/evil.txt', 'dir-out/evil.txt', 'link-out.txt']) {
        expect(await box().callTool('write_file', { path: p, content: 'evil' })).toEqual({
          success: false,
          path: p,
          message: `Access denied: path '${p}' is outside the sandbox root.`,
        });
      }
      await expect(readFile(path.join(outside, 'evil.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
      expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('TODO secret');
    });

    it("allow_write false is OVOS's 'Write access is disabled' and says so in the tool's description", async () => {
      const tb = box({ allow_write: false });
      expect(await tb.callTool('write_file', { path: 'x.txt', content: 'x' })).toEqual({
        success: false,
        path: 'x.txt',
        message: 'Write access is disabled (allow_write=False).',
      });
      expect(tb.tools.get('write_file')?.description).toMatch(/currently disabled/);
    });

    it("a failed write is OVOS's 'Error writing file'", async () => {
      const out = await box().callTool('write_file', { path: 'src', content: 'x' });
      expect(out).toMatchObject({
        success: false,
        path: 'src',
        message: expect.stringMatching(/^Error writing file: /),
      });
    });
  });

  describe('list_directory', () => {
    it('lists matching entries; symlinks out of the root are left out', async () => {
      expect(await box().callTool('list_directory', { path: '.' })).toEqual({
        entries: ['big.txt', 'link-in.txt', 'new', 'notes.txt', 'src'].map((n) => path.join(root, n)),
        path: root,
      });
      expect((await box().callTool('list_directory', { path: 'src', pattern: '*.py' })).entries).toEqual([
        path.join(root, 'src', 'a.py'),
      ]);
    });

    it('outside the root: empty entries and the requested path, as OVOS answers', async () => {
      expect(await box().callTool('list_directory', { path: '..' })).toEqual({ entries: [], path: '..' });
      expect(await box().callTool('list_directory', { path: 'dir-out' })).toEqual({ entries: [], path: 'dir-out' });
    });

    it('says when max_results cut the list', async () => {
      expect(await box({ max_results: 2 }).callTool('list_directory', { path: '.' })).toMatchObject({
        entries: [path.join(root, 'big.txt'), path.join(root, 'link-in.txt')],
        truncated: true,
      });
    });
  });

  describe('search_in_files', () => {
    it('finds regex matches with file, line_number (a string) and line; never in files outside', async () => {
      const out = await box().callTool('search_in_files', { pattern: 'TODO' });
      expect(out).toEqual({
        matches: [
          { file: path.join(root, 'src', 'a.py'), line_number: '2', line: 'print("TODO: a")' },
          { file: path.join(root, 'src', 'deep', 'b.py'), line_number: '1', line: '# TODO b' },
        ],
        total: 2,
      });
      expect((await box().callTool('search_in_files', { pattern: '^hello', path: '.', glob: '*.txt' })).total).toBe(2);
    });

    it('a bad regex or a path outside the root answers no matches, as OVOS does', async () => {
      expect(await box().callTool('search_in_files', { pattern: '(' })).toEqual({ matches: [], total: 0 });
      expect(await box().callTool('search_in_files', { pattern: 'TODO', path: '../outside' })).toEqual({
        matches: [],
        total: 0,
      });
    });
  });

  describe('find_files', () => {
    it('finds files (not folders) by a recursive glob', async () => {
      expect(await box().callTool('find_files', { glob: '**/*.py' })).toEqual({
        files: [path.join(root, 'src', 'a.py'), path.join(root, 'src', 'deep', 'b.py')],
        total: 2,
      });
      expect((await box().callTool('find_files', { glob: '*', path: 'src' })).files).toEqual([
        path.join(root, 'src', 'a.py'),
      ]);
    });

    it('outside the root: no files', async () => {
      expect(await box().callTool('find_files', { glob: '**/*', path: '../outside' })).toEqual({ files: [], total: 0 });
      expect((await box().callTool('find_files', { glob: '**/*' })).files).not.toContain(
        path.join(root, 'link-out.txt'),
      );
    });
  });
});
