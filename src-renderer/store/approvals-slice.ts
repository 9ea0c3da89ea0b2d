import type { ErrorValue } from '../../shared/domain/errors';
import type { ProgramInfo } from '../../shared/ipc/contract';
import { toErrorValue } from '../lib/api-error';
import type { GetState, SetState } from './types';

/** The approval dialog's content: a persona's programs, and a chat message to send once they are approved. */
export interface ApprovalRequest {
  personaId: string;
  personaName: string;
  programs: ProgramInfo[];
  /** Why it opened: after an import, before a chat run, or from the Tools pane. */
  reason: 'import' | 'chat' | 'tools';
  resend: string | null;
  busy: boolean;
  error: ErrorValue | null;
}

export interface ApprovalsSlice {
  approval: ApprovalRequest | null;
  /** Lists the persona's programs and opens the dialog when any is not approved (always for 'tools'). */
  reviewPrograms(personaId: string, reason: ApprovalRequest['reason'], resend?: string): Promise<void>;
  /** Approves every program the dialog shows; then the tools reload and a held chat message is sent. */
  approvePrograms(): Promise<void>;
  dismissApproval(): void;
}

export function createApprovalsSlice(set: SetState, get: GetState): ApprovalsSlice {
  return {
    approval: null,
    async reviewPrograms(personaId, reason, resend) {
      try {
        const { programs } = await get().client.call('approvals.list', { id: personaId });
        if (!programs.some((p) => !p.approved) && reason !== 'tools') return;
        const personaName = get().personas.find((p) => p.id === personaId)?.name ?? personaId;
        set({
          approval: { personaId, personaName, programs, reason, resend: resend ?? null, busy: false, error: null },
        });
      } catch (e) {
        get().toast('error', `The persona's programs could not be listed: ${toErrorValue(e).message}`);
      }
    },
    async approvePrograms() {
      const req = get().approval;
      if (!req || req.busy) return;
      set({ approval: { ...req, busy: true, error: null } });
      try {
        await get().client.call('approvals.approve', {
          id: req.personaId,
          fingerprints: req.programs.map((p) => p.fingerprint),
        });
        set({ approval: null });
        get().toast(
          'info',
          `Approved: ${req.programs.length === 1 ? 'the program starts' : 'the programs start'} now.`,
        );
        if (get().selectedId === req.personaId) await get().loadTools(req.personaId);
        if (req.resend && get().selectedId === req.personaId) await get().send(req.resend);
      } catch (e) {
        set({ approval: { ...req, busy: false, error: toErrorValue(e) } });
      }
    },
    dismissApproval: () => set({ approval: null }),
  };
}
