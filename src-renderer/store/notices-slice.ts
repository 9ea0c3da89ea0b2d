import type { Notice } from '../../shared/ipc/contract';
import type { GetState, SetState } from './types';

/** Notices kept on screen at most; the oldest go first. */
const MAX_NOTICES = 5;

export interface NoticesSlice {
  /** Problems main reported (app.notice) or a loaded session revealed, shown until dismissed. */
  notices: Notice[];
  addNotice(notice: Notice): void;
  dismissNotice(id: number): void;
  /** Fetches the notices raised before this window connected. */
  loadNotices(): Promise<void>;
  /** What a reopened session's file lacks, as notices of that session. */
  sessionNotices(sessionId: string, warnings: string[]): void;
}

let localId = 0;

export function createNoticesSlice(set: SetState, get: GetState): NoticesSlice {
  return {
    notices: [],
    addNotice: (notice) =>
      set((s) =>
        s.notices.some((n) => n.id === notice.id) ? {} : { notices: [...s.notices, notice].slice(-MAX_NOTICES) },
      ),
    dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
    async loadNotices() {
      try {
        const { notices } = await get().client.call('app.notices', {});
        for (const n of notices) get().addNotice(n);
      } catch {
        // An older main without notices: nothing to show.
      }
    },
    sessionNotices(sessionId, warnings) {
      for (const message of warnings)
        get().addNotice({
          id: --localId,
          level: 'warning',
          message: `This session: ${message}`,
          at: Date.now(),
          sessionId,
        });
    },
  };
}
