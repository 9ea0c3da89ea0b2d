// The ToolBox contract reaching into what is built on it.
import { StudioError } from '../errors';
import type { LoopContext } from '../engines/loop-context'; // expect: toolbox-contract
import type { ChatEngine } from '../brains/chat-engine'; // expect: toolbox-contract
import { readPersonaFile } from '../personas/persona-file'; // expect: toolbox-contract
import type { AppContext } from '../app/app-context'; // expect: toolbox-contract, app-api
export { dispatch } from '../api/dispatch'; // expect: toolbox-contract, app-api

export type Uses = [StudioError, LoopContext, ChatEngine, typeof readPersonaFile, AppContext];
