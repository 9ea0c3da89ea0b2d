// Settings borrowing a helper from the persona store (settings-store -> personas/atomic-write was one).
import { writeFileAtomic } from '../personas/atomic-write'; // expect: stores

export const uses = [writeFileAtomic];
