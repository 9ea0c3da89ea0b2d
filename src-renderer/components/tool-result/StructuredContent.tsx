import { useMemo } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../shared/domain/tool';
import { cfworkerValidator } from '../tool-form/cfworker-validator';
import { JsonTree } from './JsonTree';

/** What the check of structured content against the tool's declared output schema found. */
export type SchemaCheck = { kind: 'none' } | { kind: 'valid' } | { kind: 'invalid'; issues: string[] };

/**
 * The tool's declared outputSchema, out of the result schema main gives an MCP tool (`structured: anyOf [declared,
 * null]`, its `$defs` at the root); null when the tool declares none.
 */
export function declaredOutputSchema(outputSchema: JsonSchema | undefined): JsonSchema | null {
  const structured = (outputSchema?.properties as Record<string, { anyOf?: unknown[] }> | undefined)?.structured;
  const declared = structured?.anyOf?.[0];
  if (!declared || typeof declared !== 'object') return null;
  const out: JsonSchema = { ...(declared as JsonSchema) };
  if (outputSchema?.$defs) out.$defs = outputSchema.$defs;
  if (outputSchema?.definitions) out.definitions = outputSchema.definitions;
  return out;
}

/** Checks structured content against the declared schema (eval-free, as the forms do). */
export function checkStructured(structured: unknown, outputSchema: JsonSchema | undefined): SchemaCheck {
  const schema = declaredOutputSchema(outputSchema);
  if (!schema) return { kind: 'none' };
  const { errors } = cfworkerValidator.validateFormData(structured, schema as RJSFSchema);
  return errors.length ? { kind: 'invalid', issues: errors.map((e) => e.stack) } : { kind: 'valid' };
}

/** The result's structured content, next to whether it matches the tool's output schema (and why not). */
export function StructuredContent({ value, outputSchema }: { value: unknown; outputSchema?: JsonSchema }) {
  const check = useMemo(() => checkStructured(value, outputSchema), [value, outputSchema]);
  return (
    <div className="result-block" data-testid="result-structured">
      <div className="result-meta small">
        <strong>Structured content</strong>
        <span className="spacer" />
        {check.kind === 'valid' && (
          <span className="badge ok" data-testid="schema-check">
            matches the output schema
          </span>
        )}
        {check.kind === 'invalid' && (
          <span className="badge err" data-testid="schema-check">
            does not match the output schema
          </span>
        )}
        {check.kind === 'none' && (
          <span className="badge" data-testid="schema-check">
            no output schema declared
          </span>
        )}
      </div>
      {check.kind === 'invalid' && (
        <ul className="notice error small" data-testid="schema-issues">
          {check.issues.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
      <JsonTree value={value} />
    </div>
  );
}
