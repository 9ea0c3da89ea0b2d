import type { ToolCall } from '../../../shared/domain/message';

/** The text of the user message that carries a step's tool images to a brain that accepts images. */
export const STEP_IMAGES_TEXT =
  'The images returned by the tool calls above (the tool results refer to them by number).';

/** The label sent before one of those images: its number and the call it came from. */
export function imageLabel(n: number, call: Pick<ToolCall, 'id' | 'name'>): string {
  return `Image ${n}, from '${call.name}' (call ${call.id}):`;
}
