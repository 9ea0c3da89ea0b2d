// The persona store reaching into the API and the engines (persona-file -> api/issues was one).
import { toIssues } from '../api/issues'; // expect: app-api
import { ENGINE_CLASSES } from '../engines/engines'; // expect: stores
import { SettingsStore } from '../settings/settings-store'; // expect: stores
import { writeFileAtomic } from '../atomic-write';
import { SecretStore } from './secret-store';

export const uses = [toIssues, ENGINE_CLASSES, SettingsStore, writeFileAtomic, SecretStore];
