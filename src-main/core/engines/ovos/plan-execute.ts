import type { AgentMessage } from '../../../../shared/domain/message';
import { PlanExecuteConfig } from '../../../../shared/plugins/engines/plan-execute-config';
import { BrainTurn } from '../brain-turn';
import { defineEngine } from '../engine-descriptor';
import type { LoopContext, LoopResult } from '../loop-context';
import { LoopEngine, withSystemPrompt } from '../loop-engine';
import { toolSchemas } from '../react-loop';
import { parseReactReply } from '../react-parse';
import { buildReactSystemPrompt } from '../react-prompt';
import { runReactAction } from './react-episode';
import { answerWith, ask, inRounds, inSpan, lastUserText, limitReached, unparseable } from './phases';

const PLANNER_PROMPT = `You are a planning assistant.  Given a user request and a list of available tools,
create a concise numbered action plan.

Rules:
- Output ONLY the numbered plan, one step per line.
- Each step should be a clear, actionable sub-task.
- Reference tool names where relevant (e.g. "Call get_current_weather for Paris").
- Do NOT execute anything — only plan.
- Use 3–7 steps maximum.

Available tools:
{tool_schemas}
`;

const EXECUTOR_PROMPT = `You are executing step {step_num} of a multi-step plan.

Overall plan:
{plan}

Steps completed so far:
{completed}

Current step to execute:
{step}

Use the available tools as needed, then report the result of this step.
When done, output: STEP_RESULT: <brief summary of what you found/did>
`;

const SYNTHESIZER_PROMPT = `You have executed all steps of a plan.  Synthesize a clear, complete answer
for the user based on the step results below.

Original request: {original_request}

Step results:
{step_results}

Write a natural, conversational reply to the user.
`;

const STEP_RESULT = 'STEP_RESULT:';

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** The steps of a plan: lines starting `1.` or `1)` and a space, in order. */
export function parsePlan(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => /^\d+[.)]\s+(.+)/.exec(line.trim())?.[1].trim())
    .filter((step): step is string => !!step);
}

/** The text after the first `STEP_RESULT:`, trimmed; null without it. */
export function extractStepResult(text: string): string | null {
  const idx = text.indexOf(STEP_RESULT);
  return idx === -1 ? null : text.slice(idx + STEP_RESULT.length).trim();
}

/**
 * OVOS's PlanAndExecuteEngine (`ovos-plan-execute-loop`): a planner call writes a numbered plan, each step (at most
 * `max_steps`) runs a mini ReAct loop (at most `max_step_iterations` cycles) until `STEP_RESULT:`, and a synthesizer
 * call answers from the step results. A reply without a numbered plan is the answer.
 */
export class PlanExecuteEngine extends LoopEngine {
  readonly id: string = planExecuteEngine.id;

  protected async loop(messages: AgentMessage[], ctx: LoopContext): Promise<LoopResult> {
    const config = PlanExecuteConfig.parse(this.setup.config ?? {});
    const schemas = toolSchemas(ctx);
    const planText = await inSpan(ctx, 'plan', 'Plan', () =>
      ask(ctx, [
        { role: 'system', content: fill(PLANNER_PROMPT, { tool_schemas: JSON.stringify(schemas, null, 2) }) },
        ...withSystemPrompt(ctx, messages),
      ]),
    );
    let steps = parsePlan(planText);
    if (!steps.length) {
      unparseable(ctx, 'The planner wrote no numbered step; its reply is taken as the answer.');
      return answerWith(ctx, planText, 0);
    }
    if (steps.length > config.max_steps) {
      limitReached(ctx, 'max_steps', `The plan has ${steps.length} steps: only the first ${config.max_steps} run.`);
      steps = steps.slice(0, config.max_steps);
    }
    const results: string[] = [];
    for (const [i, step] of steps.entries()) {
      const completed = results.map((r, j) => `Step ${j + 1}: ${r}`).join('\n');
      const prompt = fill(EXECUTOR_PROMPT, {
        step_num: i + 1,
        plan: planText,
        completed: completed || '(none yet)',
        step,
      });
      results.push(
        await inSpan(ctx, 'step', `Step ${i + 1}: ${step}`, () =>
          this.executeStep(ctx, schemas, prompt, config.max_step_iterations),
        ),
      );
    }
    const stepResults = results.map((r, i) => `Step ${i + 1} (${steps[i]}): ${r}`).join('\n');
    const synth = [
      {
        role: 'user' as const,
        content: fill(SYNTHESIZER_PROMPT, { original_request: lastUserText(messages), step_results: stepResults }),
      },
    ];
    const turn = await BrainTurn.request(ctx, synth, undefined, 'live');
    turn.emitFinal(turn.content);
    return { answer: turn.content, iterations: steps.length };
  }

  private async executeStep(ctx: LoopContext, schemas: unknown[], prompt: string, max: number): Promise<string> {
    const loop: AgentMessage[] = schemas.length ? [{ role: 'system', content: buildReactSystemPrompt(schemas) }] : [];
    loop.push({ role: 'user', content: prompt });
    let last = '';
    const ended = await inRounds(
      ctx,
      'iteration',
      'Iteration',
      max,
      async (_round, spanId): Promise<'done' | 'stop' | null> => {
        const turn = await BrainTurn.request(ctx, loop, undefined, 'none');
        last = turn.content;
        if (extractStepResult(last) !== null) {
          turn.emitInner();
          return 'done';
        }
        const step = parseReactReply(last);
        if (step.kind !== 'action') {
          turn.emitInner();
          unparseable(ctx, `The step's reply has neither "STEP_RESULT:" nor an Action; its text is the step's result.`);
          return 'stop';
        }
        await runReactAction(ctx, turn, step, loop, `${spanId}_step`);
        return null;
      },
      () => ({}),
    );
    if (ended) return extractStepResult(last) ?? last;
    limitReached(
      ctx,
      'max_step_iterations',
      `The step used its ${max} tool-call cycle(s) without "STEP_RESULT:"; its last reply is the step's result.`,
    );
    return extractStepResult(last) ?? last;
  }
}

/** The `ovos-plan-execute-loop` plugin. */
export const planExecuteEngine = defineEngine({
  id: 'ovos-plan-execute-loop',
  title: 'Plan and execute',
  description:
    'Plans first, then runs each step with its own small ReAct loop, then writes the answer from the step results. Choose it for multi-step tasks with separate sub-goals ("the weather in Paris and London, then compare") and when you want to see the plan. Costs a planner call, the step calls and a synthesizer call; it does not re-plan.',
  config: PlanExecuteConfig,
  create: (setup) => new PlanExecuteEngine(setup),
});
