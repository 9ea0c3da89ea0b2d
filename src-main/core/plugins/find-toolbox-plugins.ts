import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ErrorValue } from '../../../shared/domain/errors';
import type { ToolBoxClass } from '../toolbox';
import { pluginSdk } from './sdk';

/** The package.json field plugins declare: `"opm": {"agents.toolbox": {"<id>": "./dist/index.js#ExportName"}}`. */
export const PLUGIN_GROUP = 'agents.toolbox';

export interface PluginSearchOptions {
  /** The app's data folder: `<dataDir>/plugins/node_modules/*` and `<dataDir>/plugins/*` are searched. */
  dataDir?: string;
  /** node_modules folders to search; default: the app's own. */
  nodeModulesDirs?: string[];
}

export interface PluginError {
  id: string;
  error: ErrorValue;
}

export interface PluginDiscovery {
  plugins: Record<string, ToolBoxClass>;
  errors: PluginError[];
  /** Where each plugin came from: its package name and folder. */
  origins: Record<string, { packageName: string; packageDir: string }>;
}

/** The entry for a plugin (or package) that was refused or did not load, with the error value the UI shows whole. */
export function pluginError(id: string, code: ErrorValue['code'], message: string, details: unknown): PluginError {
  return { id, error: { code, message, details } };
}

interface Declaration {
  id: string;
  spec: unknown;
  packageName: string;
  packageDir: string;
}

/**
 * Finds installed toolbox plugins (OPM's find_toolbox_plugins) and loads them. A broken plugin (missing file,
 * missing or wrong export, throws on import, bad package.json) is reported with its id and never stops discovery.
 */
export async function findToolboxPlugins(options: PluginSearchOptions = {}): Promise<PluginDiscovery> {
  const result: PluginDiscovery = { plugins: {}, errors: [], origins: {} };
  const declarations: Declaration[] = [];
  const packageDirs = new Set<string>();
  for (const dir of options.nodeModulesDirs ?? defaultNodeModulesDirs())
    for (const p of packagesIn(dir)) packageDirs.add(p);
  if (options.dataDir) {
    const pluginsDir = path.join(options.dataDir, 'plugins');
    for (const p of packagesIn(path.join(pluginsDir, 'node_modules'))) packageDirs.add(p);
    for (const name of safeReaddir(pluginsDir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const dir = path.join(pluginsDir, name);
      if (isDir(dir) && existsSync(path.join(dir, 'package.json'))) packageDirs.add(dir);
    }
  }

  for (const packageDir of packageDirs) {
    let pkg: { name?: unknown; opm?: Record<string, unknown> };
    try {
      pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    } catch (error) {
      if (isDeclaredPluginFolder(packageDir, options.dataDir)) {
        result.errors.push(
          pluginError(
            path.basename(packageDir),
            'internal',
            `Cannot read ${path.join(packageDir, 'package.json')}: ${(error as Error).message}`,
            { packageDir },
          ),
        );
      }
      continue;
    }
    const group = pkg?.opm?.[PLUGIN_GROUP];
    if (group === undefined) continue;
    const packageName = typeof pkg.name === 'string' ? pkg.name : path.basename(packageDir);
    if (!group || typeof group !== 'object' || Array.isArray(group)) {
      result.errors.push(
        pluginError(
          packageName,
          'bad_input',
          `Package '${packageName}': "opm"."${PLUGIN_GROUP}" must be an object of {"<id>": "./file.js#Export"}.`,
          { packageDir },
        ),
      );
      continue;
    }
    for (const [id, spec] of Object.entries(group)) declarations.push({ id, spec, packageName, packageDir });
  }

  for (const declaration of declarations) {
    const { id, packageName, packageDir } = declaration;
    if (result.plugins[id]) {
      const first = result.origins[id];
      result.errors.push(
        pluginError(
          id,
          'bad_input',
          `Plugin id '${id}' is declared by '${first.packageName}' and '${packageName}'; using '${first.packageName}'.`,
          { packageDir },
        ),
      );
      continue;
    }
    try {
      result.plugins[id] = await loadDeclaration(declaration);
      result.origins[id] = { packageName, packageDir };
    } catch (error) {
      result.errors.push(
        pluginError(id, (error as { code?: ErrorValue['code'] }).code ?? 'internal', (error as Error).message, {
          packageName,
          packageDir,
        }),
      );
    }
  }
  return result;
}

class PluginLoadError extends Error {
  constructor(
    readonly code: ErrorValue['code'],
    message: string,
  ) {
    super(message);
  }
}

async function loadDeclaration({ id, spec, packageName, packageDir }: Declaration): Promise<ToolBoxClass> {
  const where = `Plugin '${id}' (package '${packageName}')`;
  if (typeof spec !== 'string' || !spec.trim())
    throw new PluginLoadError('bad_input', `${where}: the entry must be a string like "./dist/index.js#ExportName".`);
  const [file, exportName = 'default'] = spec.split('#');
  const full = path.resolve(packageDir, file);
  if (!full.startsWith(path.resolve(packageDir) + path.sep))
    throw new PluginLoadError('bad_input', `${where}: '${file}' points outside the package.`);
  if (!existsSync(full)) throw new PluginLoadError('not_found', `${where}: file '${file}' not found in ${packageDir}.`);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(full).href)) as Record<string, unknown>;
  } catch (error) {
    throw new PluginLoadError(
      'internal',
      `${where}: importing '${file}' failed: ${(error as Error)?.message ?? String(error)}`,
    );
  }
  if (!(exportName in mod))
    throw new PluginLoadError(
      'not_found',
      `${where}: '${file}' has no export '${exportName}' (exports: ${Object.keys(mod).sort().join(', ') || 'none'}).`,
    );
  const exported = mod[exportName];
  let cls: unknown = exported;
  if (!isToolBoxClass(exported)) {
    if (typeof exported !== 'function')
      throw new PluginLoadError(
        'bad_input',
        `${where}: export '${exportName}' is ${typeof exported}, not a ToolBox subclass or a factory (sdk) => ToolBox subclass.`,
      );
    try {
      cls = await (exported as (sdk: typeof pluginSdk) => unknown)(pluginSdk);
    } catch (error) {
      throw new PluginLoadError(
        'internal',
        `${where}: factory '${exportName}' threw: ${(error as Error)?.message ?? String(error)}`,
      );
    }
    if (!isToolBoxClass(cls))
      throw new PluginLoadError(
        'bad_input',
        `${where}: factory '${exportName}' did not return a ToolBox subclass (a class with discoverTools).`,
      );
  }
  return withDefaultId(cls as ToolBoxClass, id);
}

/** Duck-typed: plugins may extend another copy of ToolBox. */
function isToolBoxClass(value: unknown): value is ToolBoxClass {
  return (
    typeof value === 'function' &&
    typeof (value as { prototype?: { discoverTools?: unknown } }).prototype?.discoverTools === 'function'
  );
}

/** Instances take the plugin id as their toolbox id (as OVOS's `toolbox_id="<entry-point-name>"`) unless given one. */
function withDefaultId(cls: ToolBoxClass, id: string): ToolBoxClass {
  if (cls.defaultId === id) return cls;
  const Base = cls as unknown as new (...args: unknown[]) => object;
  const named = class extends Base {
    static defaultId = id;
  };
  Object.defineProperty(named, 'name', { value: cls.name });
  return named as unknown as ToolBoxClass;
}

/** The app's own node_modules: the nearest one above this module (source tree or bundled build alike). */
function defaultNodeModulesDirs(): string[] {
  let dir: string;
  try {
    dir = path.dirname(fileURLToPath(import.meta.url));
  } catch {
    dir = process.cwd();
  }
  for (;;) {
    const candidate = path.join(dir, 'node_modules');
    if (isDir(candidate)) return [candidate];
    const parent = path.dirname(dir);
    if (parent === dir) return [];
    dir = parent;
  }
}

/** Package folders of a node_modules folder, scoped ones included. */
function packagesIn(nodeModules: string): string[] {
  const out: string[] = [];
  for (const name of safeReaddir(nodeModules)) {
    if (name.startsWith('.')) continue;
    const dir = path.join(nodeModules, name);
    if (name.startsWith('@')) {
      for (const inner of safeReaddir(dir)) if (!inner.startsWith('.')) out.push(path.join(dir, inner));
    } else {
      out.push(dir);
    }
  }
  return out.filter((dir) => existsSync(path.join(dir, 'package.json')));
}

/** A folder dropped straight into `<dataDir>/plugins` is meant as a plugin, so its unreadable package.json is reported. */
function isDeclaredPluginFolder(packageDir: string, dataDir?: string): boolean {
  return !!dataDir && path.dirname(packageDir) === path.join(dataDir, 'plugins');
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
