import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Larger SKILL.md files are skipped (outside input). */
export const MAX_SKILL_MD_BYTES = 256_000;

/** One parsed SKILL.md: front matter `name` and `description`, the body (the sub-call's system prompt). */
export interface SkillMdEntry {
  name: string;
  description: string;
  body: string;
  path: string;
  frontmatter: Record<string, string>;
}

const FRONT_MATTER = /^---\s*\n([\s\S]*?)\n---\s*\n([\s\S]*)$/;
const KEY_VALUE = /^(\w[\w-]*):\s*(.+)$/;

/** Parses SKILL.md text as OVOS does: `---` front matter of `key: value` lines; null without name or description. */
export function parseSkillMd(text: string, file: string): SkillMdEntry | null {
  const m = FRONT_MATTER.exec(text.replace(/\r\n/g, '\n'));
  if (!m) return null;
  const frontmatter: Record<string, string> = {};
  for (const line of m[1].split('\n')) {
    const kv = KEY_VALUE.exec(line.trim());
    if (kv) frontmatter[kv[1].trim()] = kv[2].trim();
  }
  const { name, description } = frontmatter;
  if (!name || !description) return null;
  return { name, description, body: m[2].trim(), path: file, frontmatter };
}

/** OVOS's tool name for a skill: lower case, runs of other characters as `_` (cut to OpenAI's 64). */
export function skillToolName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

/** The SKILL.md files a configured path means: the file itself, or `<dir>/SKILL.md` and `<dir>/*\/SKILL.md`. */
async function skillFilesAt(p: string): Promise<string[]> {
  const info = await stat(p).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [p];
  if (!info.isDirectory()) return [];
  const found = [path.join(p, 'SKILL.md')];
  const subdirs = await readdir(p, { withFileTypes: true }).catch(() => []);
  for (const d of subdirs.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name)))
    found.push(path.join(p, d.name, 'SKILL.md'));
  return found;
}

/** Every readable, well-formed SKILL.md under the paths, in order, without duplicates; others are skipped (OVOS). */
export async function loadSkillMdFiles(paths: string[]): Promise<SkillMdEntry[]> {
  const seen = new Set<string>();
  const entries: SkillMdEntry[] = [];
  for (const configured of paths) {
    for (const file of await skillFilesAt(path.resolve(configured))) {
      if (seen.has(file)) continue;
      seen.add(file);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.size > MAX_SKILL_MD_BYTES) continue;
      const text = await readFile(file, 'utf8').catch(() => null);
      const entry = text === null ? null : parseSkillMd(text, file);
      if (entry && skillToolName(entry.name)) entries.push(entry);
    }
  }
  return entries;
}
