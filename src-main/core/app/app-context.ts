import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { BusStatus, EventName, EventPayload, Notice, Settings } from '../../../shared/ipc/contract';
import type { RpcEvent } from '../../../shared/ipc/envelope';
import type { ProgramInfo } from '../../../shared/ipc/contract';
import { ApprovalStore } from '../approvals/approval-store';
import { personaPrograms, programInfo } from '../approvals/programs';
import { BUILTIN_BRAINS, type BrainDescriptor } from '../brains';
import { BusBridge } from '../bus/bus-bridge';
import type { EngineDescriptor } from '../engines/engine-descriptor';
import { BUILTIN_ENGINES } from '../engines/engines';
import { dataPaths, type DataPaths } from '../data-dir';
import { logger } from '../log';
import { openPersonaStore } from '../personas/open-store';
import type { KnownPlugins } from '../personas/persona-file';
import type { PersonaStore } from '../personas/persona-store';
import type { SecretStore } from '../personas/secret-store';
import { SessionStore } from '../sessions/session-store';
import { SettingsStore } from '../settings/settings-store';
import type { ToolBox } from '../toolbox';
import { loadToolboxCatalog, type ToolboxCatalog } from '../toolboxes/catalog';
import { BreakpointStore } from './breakpoint-store';
import { CallHistoryStore } from '../call-history/call-history-store';
import { DebugRegistry } from './debug-registry';
import { McpRequests } from './mcp-requests';
import { knownPlugins } from './known-plugins';
import { RuntimeCache } from './runtime-cache';
import { PersonaWatch } from '../personas/persona-watch';
import { ToolboxInstances } from './toolbox-instances';
import type { RunRegistry } from './run-registry';
import { createRunRegistry } from './run-registry';

const log = logger('app');

export type { ToolboxCatalog };

/** Asks the user where to save a file (the desktop's save dialog); null when they cancel. */
export type SavePathPicker = (options: { suggestedName: string; title: string }) => Promise<string | null>;

/**
 * The app's state behind the API: the data folder and its stores, installed toolboxes, per-persona runtimes
 * (rebuilt when a persona is saved), the runs in flight, settings and the OVOS bus bridge, and the event
 * stream ('chat.trace', 'tools.changed', 'personas.changed') both transports forward.
 */
export class AppContext {
  readonly paths: DataPaths;
  readonly secrets: SecretStore;
  readonly personas: PersonaStore;
  readonly settings: SettingsStore;
  readonly sessions: SessionStore;
  readonly runtimes: RuntimeCache;
  readonly defaults: ToolboxInstances;
  readonly runs: RunRegistry;
  /** The programs the user approved, per persona and exact command (approvals.json). */
  readonly approvals: ApprovalStore;
  /** Manual tool calls and saved calls, per persona (`call-history/` in the data folder). */
  readonly callHistory: CallHistoryStore;
  /** Breakpoints per persona and the debugger of each run in flight. */
  readonly debug: DebugRegistry;
  /** What MCP servers ask the user (elicitation, sampling approval), waiting for a window's answer. */
  readonly mcpRequests: McpRequests;
  /** Manual tool calls in flight by their window-given callId, for tools.cancel. */
  readonly manualCalls = new Map<string, AbortController>();
  private readonly emitter = new EventEmitter();
  private catalog: Promise<ToolboxCatalog> | null = null;
  private bridge: BusBridge | null = null;
  private appliedBusUrl: string | null = null;
  private busError: string | null = null;
  private busStarting: Promise<void> | null = null;
  private readonly recentNotices: Notice[] = [];
  /** Persona files changed outside the app: their runtimes are rebuilt and clients told. */
  private readonly personaWatch: PersonaWatch;
  private noticeId = 0;

  private constructor(
    readonly dataDir: string,
    readonly mode: 'electron' | 'browser',
    readonly version: string,
    stores: { personas: PersonaStore; secrets: SecretStore },
    /** The desktop's save dialog; null in browser mode (exports then go to the data folder's exports/). */
    readonly pickSavePath: SavePathPicker | null = null,
    /** The loop engines and brains the app offers (the built-ins unless an embedder or a test gives others). */
    readonly engines: EngineDescriptor[] = BUILTIN_ENGINES,
    readonly brains: BrainDescriptor[] = BUILTIN_BRAINS,
  ) {
    this.paths = dataPaths(dataDir);
    this.secrets = stores.secrets;
    this.personas = stores.personas;
    this.settings = new SettingsStore(this.paths.settings, (message) => this.notify('warning', message));
    this.sessions = new SessionStore(this.paths.sessions, {
      onWriteError: (sessionId, message) => this.notify('error', message, sessionId),
    });
    this.emitter.setMaxListeners(0);
    this.runtimes = new RuntimeCache(this);
    this.personaWatch = new PersonaWatch(
      this.paths.personas,
      (id) => this.personas.fileOf(id),
      (id) => {
        this.runtimes.invalidate(id);
        this.emit('personas.changed', { id, outside: true });
      },
    );
    this.defaults = new ToolboxInstances(this);
    this.runs = createRunRegistry();
    this.approvals = new ApprovalStore(this.paths.approvals);
    this.mcpRequests = new McpRequests((event, payload) => this.emit(event, payload));
    this.callHistory = new CallHistoryStore(path.join(dataDir, 'call-history'));
    this.debug = new DebugRegistry(new BreakpointStore(path.join(dataDir, 'breakpoints.json')), (event, payload) =>
      this.emit(event, payload),
    );
  }

  /** The programs a persona would start, each with whether the user approved that exact command. */
  async programsOf(personaId: string): Promise<ProgramInfo[]> {
    const persona = await this.personas.loadWithSecrets(personaId);
    const { toolboxes } = await this.toolboxCatalog();
    const approved = await this.approvals.approved(personaId);
    return personaPrograms(persona, toolboxes).map((p) => programInfo(p, approved));
  }

  /** Opens (and on first use creates and seeds) a data folder. */
  static async open(options: {
    dataDir: string;
    mode: 'electron' | 'browser';
    version?: string;
    pickSavePath?: SavePathPicker;
    engines?: EngineDescriptor[];
    brains?: BrainDescriptor[];
  }): Promise<AppContext> {
    const stores = await openPersonaStore(options.dataDir);
    const app = new AppContext(
      options.dataDir,
      options.mode,
      options.version ?? '0.0.0',
      stores,
      options.pickSavePath ?? null,
      options.engines,
      options.brains,
    );
    await app.applySettings(await app.settings.get());
    app.personaWatch.start();
    return app;
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    this.emitter.emit('event', { event, payload } satisfies RpcEvent);
  }

  /** Tells the user about a problem no request is waiting on: logged, pushed as 'app.notice', kept for app.notices. */
  notify(level: Notice['level'], message: string, sessionId: string | null = null): void {
    (level === 'error' ? log.error : log.warn)(message);
    const notice: Notice = { id: ++this.noticeId, level, message, at: Date.now(), sessionId };
    this.recentNotices.push(notice);
    if (this.recentNotices.length > 50) this.recentNotices.shift();
    this.emit('app.notice', notice);
  }

  /** The recent notices, oldest first. */
  notices(): Notice[] {
    return [...this.recentNotices];
  }

  /** Every event for a transport to forward; returns the unsubscribe function. */
  onEvent(listener: (event: RpcEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** Installed toolboxes (built-in and plugins), loaded once. */
  toolboxCatalog(): Promise<ToolboxCatalog> {
    this.catalog ??= Promise.resolve(loadToolboxCatalog({ dataDir: this.dataDir }));
    return this.catalog;
  }

  /** Installed plugin ids, to name unknown ones on import. */
  async knownPlugins(): Promise<KnownPlugins> {
    return knownPlugins((await this.toolboxCatalog()).toolboxes, this.engines, this.brains);
  }

  /** The app changed a persona on disk: its runtime is rebuilt on next use, and clients are told. */
  personaChanged(id: string | null): void {
    if (id) {
      this.runtimes.invalidate(id);
      this.personaWatch.known(id);
    }
    this.emit('personas.changed', { id });
  }

  /** Watches a toolbox's tool list and forwards changes as 'tools.changed'. */
  watchToolbox(toolbox: ToolBox, personaId: string | null): () => void {
    return toolbox.onToolsChanged(() => this.emit('tools.changed', { toolboxId: toolbox.toolboxId, personaId }));
  }

  /** Applies settings: (re)connects the OVOS bus bridge when busUrl is set, stops it when not. */
  async applySettings(settings: Settings): Promise<void> {
    const current = this.bridge;
    this.bridge = null;
    if (current) await Promise.resolve(current.stop()).catch((e: Error) => log.warn(`bus bridge stop: ${e.message}`));
    if (settings.busUrl !== this.appliedBusUrl) {
      // Bus toolboxes without their own url follow the app's bus: rebuild what was built with the old one.
      this.appliedBusUrl = settings.busUrl;
      await this.defaults.closeAll();
      this.runtimes.invalidateAll();
    }
    if (!settings.busUrl) return;
    const toolboxes = await this.defaults.all();
    const bridge = new BusBridge({ url: settings.busUrl, toolboxes: () => toolboxes });
    this.bridge = bridge;
    this.busError = null;
    // Connecting may take a while (or fail); settings.save answers at once either way, busStatus() tells.
    this.busStarting = Promise.resolve()
      .then(() => bridge.start())
      .catch((error: Error) => {
        if (this.bridge !== bridge) return;
        this.bridge = null;
        this.busError = error.message;
        log.warn(`cannot reach the OVOS bus at ${settings.busUrl}: ${error.message}`);
      });
  }

  /** The OVOS bus link as settings.busUrl asked for it: connected, or why not. Waits for a connection attempt under way. */
  async busStatus(): Promise<BusStatus> {
    await this.busStarting;
    const url = this.appliedBusUrl;
    const bridge = this.bridge;
    return {
      url,
      connected: bridge?.connected ?? false,
      toolboxes: bridge?.servedCount ?? 0,
      error: url ? this.busError : null,
    };
  }

  /**
   * A client went away (its window closed): the runs it started that wait paused in the debugger are cancelled,
   * since nobody is left to resume them. Returns their ids.
   */
  cancelPausedRunsOf(client: string, reason = 'The window closed while the run was paused.'): string[] {
    const paused = new Set(this.debug.paused().map((p) => p.runId));
    const runs = this.runs.ofClient(client).filter((r) => paused.has(r.runId));
    for (const run of runs) run.cancel(reason);
    return runs.map((r) => r.runId);
  }

  async close(): Promise<void> {
    this.personaWatch.stop();
    this.runs.cancelAll();
    if (this.bridge) await Promise.resolve(this.bridge.stop()).catch(() => undefined);
    await this.runtimes.closeAll();
    await this.defaults.closeAll();
    await this.sessions.flush();
    this.emitter.removeAllListeners();
  }
}
