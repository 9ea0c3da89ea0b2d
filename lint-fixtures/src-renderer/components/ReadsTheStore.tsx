// A component that reads the store instead of taking props (components/* -> store was one).
import { useApp } from '../store/context'; // expect: components
import { ChatPane } from '../features/chat/ChatPane'; // expect: components
import { selectTransport } from '../transport/select'; // expect: components
import { EmptyState } from './EmptyState';
import { toErrorValue } from '../lib/api-error';

export const uses = [useApp, ChatPane, selectTransport, EmptyState, toErrorValue];
