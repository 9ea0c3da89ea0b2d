// The app layer depending on the API that serves it.
import { dispatch } from '../api/dispatch'; // expect: app-api
import { buildPersonaRuntime } from './persona-runtime';
import { PersonaStore } from '../personas/persona-store';

export const uses = [dispatch, buildPersonaRuntime, PersonaStore];
