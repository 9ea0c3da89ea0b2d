import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { AGENTS_MD_MEMORY_ID, type AgentsMdContextConfig } from '../../../shared/plugins/memory';
import type { MemoryModule } from './memory-module';

/** Larger AGENTS.md files are skipped with a warning (outside input). */
export const MAX_AGENTS_MD_BYTES = 256_000;

/** OVOS's section parser: every heading (any level) starts a section that ends at the next heading. */
export function parseSections(text: string): Array<{ heading: string; body: string }> {
  const headings = [...text.matchAll(/^(#{1,6})[ \t]+(.+)$/gm)];
  return headings.map((m, i) => ({
    heading: m[2].trim(),
    body: text.slice(m.index + m[0].length, headings[i + 1]?.index ?? text.length).trim(),
  }));
}

async function agentsMdFile(source: string): Promise<string | null> {
  const p = path.resolve(source);
  const info = await stat(p).catch(() => null);
  if (info?.isDirectory())
    return (await stat(path.join(p, 'AGENTS.md')).catch(() => null))?.isFile() ? path.join(p, 'AGENTS.md') : null;
  return info?.isFile() ? p : null;
}

/**
 * The system prompt OVOS's AgentsMDContextManager assembles: `system_prompt_prefix`, then each section of each
 * AGENTS.md (filtered by `include_sections`) as `## <heading>\n\n<body>`, joined by blank lines. Files that are
 * missing or too large are skipped and named in the warnings.
 */
export async function buildAgentsMdPrompt(
  config: AgentsMdContextConfig,
): Promise<{ prompt: string; warnings: string[] }> {
  const parts = config.system_prompt_prefix ? [config.system_prompt_prefix] : [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  const include = config.include_sections.map((s) => s.toLowerCase());
  for (const source of config.agents_md_sources) {
    if (source === 'auto') continue;
    const file = await agentsMdFile(source);
    if (!file) {
      warnings.push(`AGENTS.md not found: '${source}'.`);
      continue;
    }
    if (seen.has(file)) continue;
    seen.add(file);
    const size = (await stat(file)).size;
    if (size > MAX_AGENTS_MD_BYTES) {
      warnings.push(`AGENTS.md skipped: '${file}' is ${size} bytes, more than ${MAX_AGENTS_MD_BYTES}.`);
      continue;
    }
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) {
      warnings.push(`AGENTS.md could not be read: '${file}'.`);
      continue;
    }
    for (const { heading, body } of parseSections(text)) {
      if (include.length && !include.some((inc) => heading.toLowerCase().includes(inc))) continue;
      parts.push(`## ${heading}\n\n${body}`);
    }
  }
  return { prompt: parts.join('\n\n'), warnings };
}

/** OVOS's `ovos-agents-md-context-plugin`: the AGENTS.md prompt as a system message, the whole session, the utterance. */
export function agentsMdMemory(config: AgentsMdContextConfig): MemoryModule {
  return {
    id: AGENTS_MD_MEMORY_ID,
    async buildContext(history, utterance) {
      const { prompt, warnings } = await buildAgentsMdPrompt(config);
      const kept = history.map((m) => ({ role: m.role, content: m.content }));
      return {
        messages: [
          ...(prompt ? [{ role: 'system' as const, content: prompt }] : []),
          ...kept,
          { role: 'user', content: utterance },
        ],
        system: prompt || null,
        history: kept,
        dropped: 0,
        warning: warnings.length ? warnings.join(' ') : null,
      };
    },
  };
}
