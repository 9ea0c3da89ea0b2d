import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { ValidationIssue } from '../../shared/domain/errors';
import type { JsonSchema } from '../../shared/domain/tool';
import { PersonaFile } from '../../shared/domain/persona';
import type { Catalog } from '../../shared/ipc/contract';
import { OPENAI_BRAIN_ID, OpenAIBrainConfig } from '../../shared/plugins/brains/openai';
import { configIssues } from '../../shared/plugins/config-schema';
import { LoopEngineConfig } from '../../shared/plugins/engines/loop-config';
import { brainIdOf, engineBlockOf, engineIdOf, type PersonaDraft } from './persona-model';

/** Issues of a block against a plugin's JSON Schema from the catalog (for plugins the renderer has no zod for). */
function jsonSchemaIssues(schema: JsonSchema, block: unknown): { path: (string | number)[]; message: string }[] {
  const result = new Validator(schema as never, '2020-12', false).validate(block ?? {});
  if (result.valid) return [];
  // The innermost errors name the field; the outer ones only say that a keyword failed somewhere below.
  const leaves = result.errors.filter(
    (e: OutputUnit) => !result.errors.some((o) => o !== e && o.instanceLocation.startsWith(`${e.instanceLocation}/`)),
  );
  return leaves
    .filter((e) => e.keyword !== 'properties')
    .map((e) => ({
      path: e.instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean),
      message: e.error,
    }));
}

/**
 * The issues the editor can find before asking main: the same schemas main parses with. The engine block with the
 * loop's config, the OpenAI brain's block with its zod schema, any other brain's with its schema from the catalog.
 */
export function validateDraft(p: PersonaDraft, catalog?: Catalog | null): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (prefix: (string | number)[], found: { path: (string | number)[]; message: string }[]) => {
    for (const i of found) issues.push({ path: [...prefix, ...i.path], message: i.message });
  };
  add([], configIssues(PersonaFile, p));
  const engineId = engineIdOf(p);
  const engine = engineBlockOf(p);
  add([engineId], configIssues(LoopEngineConfig, engine));
  const brainId = brainIdOf(p);
  const brainBlock = engine[brainId] ?? {};
  if (brainId === OPENAI_BRAIN_ID) add([engineId, brainId], configIssues(OpenAIBrainConfig, brainBlock));
  else {
    const schema = catalog?.brains.find((b) => b.id === brainId)?.configSchema;
    if (schema) add([engineId, brainId], jsonSchemaIssues(schema, brainBlock));
  }
  return issues;
}

/** Issue paths from main are relative to the API input (`persona.name`); the editor keys them by persona path. */
export function normalizeIssuePath(path: (string | number)[]): string {
  const p = path[0] === 'persona' ? path.slice(1) : path;
  return p.join('.');
}

/** Issues grouped by dotted path, for the fields to show. */
export function issuesByPath(issues: ValidationIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[normalizeIssuePath(i.path)] ??= []).push(i.message);
  return out;
}
