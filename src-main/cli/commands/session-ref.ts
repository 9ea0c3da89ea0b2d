import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TraceEvent } from '../../../shared/domain/trace';
import { dataPaths } from '../../core/data-dir';
import { parseSession, SESSION_ID_PATTERN, SessionStore } from '../../core/sessions';
import { CliInputError } from '../cli-input-error';

/** A session file is at most this large here (a bigger one is refused, not read). */
const MAX_SESSION_BYTES = 256 * 1024 * 1024;

/** A session named on the command line: a `.jsonl` path, or a session id of the data folder. */
export async function loadSessionRef(
  ref: string,
  dataDir: string,
): Promise<{ sessionId: string; personaId: string | null; events: TraceEvent[] }> {
  if (ref.endsWith('.jsonl') || ref.includes('/') || ref.includes(path.sep)) {
    let text: string;
    try {
      text = await readFile(ref, 'utf8');
    } catch (error) {
      throw new CliInputError(`Cannot read the session file ${ref}: ${(error as Error).message}`);
    }
    if (text.length > MAX_SESSION_BYTES) throw new CliInputError(`${ref} is larger than ${MAX_SESSION_BYTES} bytes.`);
    const id = path.basename(ref, '.jsonl');
    // A session file with a valid id is read by the store, so its large payloads (the side file) come whole.
    const { events } = SESSION_ID_PATTERN.test(id)
      ? await new SessionStore(path.dirname(ref)).load(id)
      : parseSession(text);
    const first = events.find((e) => e.type === 'run_started');
    return { sessionId: path.basename(ref, '.jsonl'), personaId: first?.personaId ?? null, events };
  }
  try {
    const { session, events } = await new SessionStore(dataPaths(dataDir).sessions).load(ref);
    return { sessionId: ref, personaId: session.personaId, events };
  } catch (error) {
    throw new CliInputError((error as Error).message);
  }
}
