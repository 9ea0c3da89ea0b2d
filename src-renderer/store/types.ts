import type { ApiClient } from '../../shared/ipc/client';
import type { PersonasSlice } from './personas-slice';
import type { ToolsSlice } from './tools-slice';
import type { ChatSlice } from './chat-slice';
import type { DebugSlice } from './debug-slice';
import type { UiSlice } from './ui-slice';
import type { ApprovalsSlice } from './approvals-slice';
import type { TransferSlice } from './transfer-slice';

import type { NoticesSlice } from './notices-slice';
import type { TimeTravelSlice } from './time-travel-slice';
import type { TestsSlice } from './tests-slice';

/** The whole renderer state: one store made of slices. */
export type AppState = PersonasSlice &
  ToolsSlice &
  ChatSlice &
  DebugSlice &
  UiSlice &
  NoticesSlice &
  ApprovalsSlice &
  TransferSlice &
  TimeTravelSlice &
  TestsSlice & { client: ApiClient };

export type SetState = (partial: Partial<AppState> | ((s: AppState) => Partial<AppState>)) => void;
export type GetState = () => AppState;
