import { BusMessageWire } from '../../../shared/bus/message';
import { JsonInputError, parseJsonSafe } from '../../../shared/json/safe-json';

type Data = Record<string, unknown>;

/** The OVOS bus message (ovos-bus-client's Message): type, data, context, with forward/reply/response. */
export class Message {
  constructor(
    readonly type: string,
    readonly data: Data = {},
    readonly context: Data = {},
  ) {}

  /** Same context, new type and data. */
  forward(type: string, data: Data = {}): Message {
    return new Message(type, data, structuredClone(this.context));
  }

  /**
   * A reply: context deep-copied and overlaid; `data.destination` copied into context;
   * source and destination swap only when both are set.
   */
  reply(type: string, data: Data = {}, context: Data = {}): Message {
    const ctx: Data = { ...structuredClone(this.context), ...context };
    if (data.destination !== undefined) ctx.destination = data.destination;
    if (ctx.source !== undefined && ctx.destination !== undefined) {
      const { source, destination } = ctx;
      ctx.source = destination;
      ctx.destination = source;
    }
    return new Message(type, data, ctx);
  }

  /** `reply(type + ".response", data)`. */
  response(data: Data = {}, context: Data = {}): Message {
    return this.reply(`${this.type}.response`, data, context);
  }

  toJSON(): BusMessageWire {
    return { type: this.type, data: this.data, context: this.context };
  }

  serialize(): string {
    return JSON.stringify(this.toJSON());
  }

  /** Parses a wire frame; throws a message naming what is wrong (not JSON, no type, data not an object). */
  static deserialize(frame: string): Message {
    let raw: unknown;
    try {
      raw = parseJsonSafe(frame);
    } catch (error) {
      const limit = error instanceof JsonInputError && error.problem !== 'syntax';
      throw new Error(`Malformed bus frame: ${limit ? error.message : 'not JSON.'}`);
    }
    // The common frame, checked by hand: a type, and data / context objects (or none).
    if (isObject(raw) && typeof raw.type === 'string' && raw.type.length > 0) {
      const { data, context } = raw;
      if ((data === undefined || isObject(data)) && (context === undefined || isObject(context)))
        return new Message(raw.type, data ?? {}, context ?? {});
    }
    const parsed = BusMessageWire.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Malformed bus frame: ${issue.path.join('.') || 'message'}: ${issue.message}`);
    }
    return new Message(parsed.data.type, parsed.data.data, parsed.data.context);
  }
}

function isObject(value: unknown): value is Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
