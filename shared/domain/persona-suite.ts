import { z } from 'zod';

const ToolName = z.string().min(1).max(200);
const Count = z.number().int().nonnegative();
const JsonSchemaObject = z.record(z.string(), z.unknown()).meta({ title: 'JSON Schema' });

/** One recorded call of a tool: its arguments and what it answered (a result, or an error). */
export const RecordedCall = z.union([
  z.strictObject({ arguments: z.record(z.string(), z.unknown()), result: z.record(z.string(), z.unknown()) }),
  z.strictObject({ arguments: z.record(z.string(), z.unknown()), error: z.string().min(1).max(10_000) }),
]);
export type RecordedCall = z.infer<typeof RecordedCall>;

/**
 * How a case's tool runs: `live` (the real tool); `recorded` (its outcome in the case's `sessionFile`, by call id);
 * `{"calls": [...]}` (recorded calls kept in the suite: a call with the same arguments gets that call's answer,
 * any other call a tool error; what Save as test writes, so a live brain can run against the recorded tools);
 * or a mock: a result, or an error the model sees. Only `live` runs the tool.
 */
export const SuiteTool = z.union([
  z.literal('live'),
  z.literal('recorded'),
  z.strictObject({ calls: z.array(RecordedCall).min(1).max(1000) }).meta({ title: 'Recorded calls' }),
  z.strictObject({ result: z.record(z.string(), z.unknown()) }).meta({ title: 'Mocked result' }),
  z.strictObject({ error: z.string().min(1).max(10_000) }).meta({ title: 'Mocked error' }),
]);
export type SuiteTool = z.infer<typeof SuiteTool>;

/** One scripted assistant turn of a replayed brain: its text and the tool calls it asks for. */
export const ReplayTurn = z.strictObject({
  content: z.string().max(100_000).default(''),
  toolCalls: z
    .array(z.strictObject({ name: ToolName, arguments: z.record(z.string(), z.unknown()).default({}) }))
    .max(100)
    .default([]),
});
export type ReplayTurn = z.infer<typeof ReplayTurn>;

/** A case's brain: the persona's own (`live`), or recorded assistant turns played back (no provider request). */
export const SuiteBrain = z.union([
  z.literal('live'),
  z.strictObject({ replay: z.array(ReplayTurn).min(1).max(1000) }),
  z.strictObject({ sessionFile: z.string().min(1) }),
]);
export type SuiteBrain = z.infer<typeof SuiteBrain>;

/** One check of a run: its tool calls (trajectory), its answer, its limits. */
export const SuiteAssertion = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('tool_called'), tool: ToolName, times: Count.optional() }),
  z.strictObject({ type: z.literal('tool_not_called'), tool: ToolName }),
  /** The calls contain these tools in this order (others may come between); `exact`: the calls are exactly these. */
  z.strictObject({
    type: z.literal('tool_sequence'),
    tools: z.array(ToolName).min(1),
    exact: z.boolean().default(false),
  }),
  /** Some call of the tool has arguments containing this JSON subset (objects: keys recursively; arrays: equal). */
  z.strictObject({ type: z.literal('tool_arguments'), tool: ToolName, contains: z.record(z.string(), z.unknown()) }),
  /** Some call of the tool has arguments valid against this JSON Schema. */
  z.strictObject({ type: z.literal('tool_arguments_schema'), tool: ToolName, schema: JsonSchemaObject }),
  /** Every call of the tool (or its `call`-th, from 1) ended ok, or in an error. */
  z.strictObject({
    type: z.literal('tool_result'),
    tool: ToolName,
    status: z.enum(['ok', 'error']),
    call: z.number().int().positive().optional(),
  }),
  z.strictObject({ type: z.literal('answer_contains'), value: z.string().min(1) }),
  z.strictObject({
    type: z.literal('answer_matches'),
    pattern: z.string().min(1).max(1000),
    flags: z
      .string()
      .regex(/^[imsu]*$/)
      .optional(),
  }),
  z.strictObject({ type: z.literal('answer_equals'), value: z.string() }),
  /** The answer is JSON valid against this JSON Schema. */
  z.strictObject({ type: z.literal('answer_schema'), schema: JsonSchemaObject }),
  z.strictObject({ type: z.literal('max_iterations'), value: Count }),
  z.strictObject({ type: z.literal('max_duration_ms'), value: Count }),
  z.strictObject({ type: z.literal('no_tool_errors') }),
]);
export type SuiteAssertion = z.infer<typeof SuiteAssertion>;

/** One test case: its user turns, brain, tools, assertions (checked on the last turn's run), and repeats. */
export const SuiteCase = z
  .strictObject({
    name: z.string().min(1).max(200),
    turns: z.array(z.string().min(1).max(100_000)).min(1).max(50),
    brain: SuiteBrain.default('live'),
    tools: z.record(ToolName, SuiteTool).default({}),
    assertions: z.array(SuiteAssertion).min(1).max(200),
    /** Runs of the case (live models vary); it passes when at least `threshold` of them pass (a fraction, 0..1). */
    repeat: z.number().int().min(1).max(100).default(1),
    threshold: z.number().min(0).max(1).default(1),
  })
  .refine(
    (c) => !Object.values(c.tools).includes('recorded') || (typeof c.brain === 'object' && 'sessionFile' in c.brain),
    {
      message: "'recorded' tools need the case's brain to be a recorded session ({\"sessionFile\": ...})",
      path: ['tools'],
    },
  );
export type SuiteCase = z.infer<typeof SuiteCase>;

/** A persona test suite file: which persona (a file relative to the suite, or a persona id) and its cases. */
export const PersonaSuite = z.strictObject({
  $schema: z.string().optional(),
  persona: z.string().min(1).max(1000),
  /**
   * The persona version the suite runs against (a version id from the editor's Versions, or a unique prefix of
   * at least 6 digits): its content as saved then. Absent: the persona as it is saved now.
   */
  version: z.string().min(1).max(200).optional(),
  cases: z.array(SuiteCase).min(1).max(1000),
});
export type PersonaSuite = z.infer<typeof PersonaSuite>;

/** The suite file's JSON Schema (for editors); docs/persona-suite.schema.json is this, kept current by a test. */
export function personaSuiteJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(PersonaSuite, { io: 'input' }) as Record<string, unknown>;
}
