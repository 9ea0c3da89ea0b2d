import type { ProgramInfo } from '../../../shared/ipc/contract';
import { StudioError } from '../errors';
import { ToolBox, type AgentTool } from '../toolbox';
import { commandLine, programInfo, toolboxPrograms, type PersonaProgram, type ProgramSource } from './programs';

/** Which programs may start: the fingerprints the user approved, or every one (`--yes` on the command line). */
export type ProgramPolicy = ReadonlySet<string> | 'all';

/** A toolbox (or a run) would start programs the user has not approved; `details.programs` lists them. */
export class ApprovalRequiredError extends StudioError {
  constructor(readonly programs: ProgramInfo[]) {
    super(
      'approval_required',
      `${programs.length === 1 ? 'This program needs' : 'These programs need'} your approval before ${programs.length === 1 ? 'it runs' : 'they run'}: ${programs.map((p) => commandLine(p)).join(' · ')}`,
      { programs },
    );
  }
}

/** The programs of a toolbox that the policy does not allow yet (empty: it may be built). */
export function unapprovedPrograms(
  sources: Readonly<Record<string, ProgramSource>>,
  toolboxId: string,
  config: Record<string, unknown>,
  policy: ProgramPolicy,
): PersonaProgram[] {
  const programs = toolboxPrograms(sources, toolboxId, config);
  return policy === 'all' ? [] : programs.filter((p) => !policy.has(programInfo(p, policy).fingerprint));
}

/**
 * Stands in for a toolbox whose programs are not approved: it starts nothing and has no tools; its discovery error
 * is the ApprovalRequiredError, so the Tools pane shows "needs approval" and a run asks first.
 */
export class AwaitingApprovalToolBox extends ToolBox {
  constructor(
    toolboxId: string,
    config: Record<string, unknown>,
    readonly pending: ProgramInfo[],
    /** The toolbox class (or descriptor) it stands in for: its title and config form. */
    readonly standsFor: { title?: string; description?: string; configSchema?: Record<string, unknown> } | undefined,
  ) {
    super({ toolboxId, config });
  }

  discoverTools(): AgentTool[] {
    throw new ApprovalRequiredError(this.pending);
  }
}

/** Refuses a run while any toolbox of the runtime awaits approval (the window then shows the approval dialog). */
export function assertApproved(toolboxes: ToolBox[]): void {
  const pending = toolboxes.flatMap((t) => (t instanceof AwaitingApprovalToolBox ? t.pending : []));
  if (pending.length) throw new ApprovalRequiredError(pending);
}
