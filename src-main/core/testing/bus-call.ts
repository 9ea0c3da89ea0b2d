import { waitForMessage, type Bus } from '../bus/bus';
import { Message } from '../bus/message';

/**
 * Calls a tool of toolbox `toolboxId` as an OVOS agent does on the bus (`ovos.persona.tools.<id>.call`) and returns
 * the data of its `.response`: `{ result, toolbox_id }` or `{ error, toolbox_id }`.
 */
export async function callOnBus(
  bus: Bus,
  toolboxId: string,
  call: { name: string; kwargs: Record<string, unknown> },
  timeoutMs = 5000,
): Promise<Record<string, unknown>> {
  const type = `ovos.persona.tools.${toolboxId}.call`;
  const reply = waitForMessage(bus, `${type}.response`, timeoutMs);
  bus.emit(new Message(type, call));
  return (await reply).data;
}
