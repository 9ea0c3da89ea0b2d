// The store using a feature's module (store/chat-slice -> features/chat/trace-rows was one).
import { runningRunId } from '../features/chat/trace-rows'; // expect: store-lib
import { toErrorValue } from '../lib/api-error';

export const uses = [runningRunId, toErrorValue];
