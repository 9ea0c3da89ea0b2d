// Tests may drive a store through the app and the API: no report.
import { createApp } from '../api/app';
import { SettingsStore } from '../settings/settings-store';

export const uses = [createApp, SettingsStore];
