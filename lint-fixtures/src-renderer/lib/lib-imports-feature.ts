// A lib helper built on a feature.
import { prepareSchema } from '../features/tool-forms/prepare-schema'; // expect: store-lib
import { modKey } from './keys';

export const uses = [prepareSchema, modKey];
