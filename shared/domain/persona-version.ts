import { z } from 'zod';

/** A persona version id: the first 16 hex digits of the SHA-256 of the persona's file text (secrets removed). */
export const PersonaVersionId = z.string().regex(/^[0-9a-f]{16}$/, 'A persona version is 16 hex digits.');
export type PersonaVersionId = z.infer<typeof PersonaVersionId>;

/** One kept version of a persona: its content hash and when that content was first and last saved. */
export const PersonaVersionInfo = z.object({
  id: PersonaVersionId,
  firstSavedAt: z.number(),
  savedAt: z.number(),
});
export type PersonaVersionInfo = z.infer<typeof PersonaVersionInfo>;

/** A version file `<data>/versions/<personaId>/<id>.json`: the info and the persona as it was saved. */
export const PersonaVersionFile = PersonaVersionInfo.extend({
  persona: z.record(z.string(), z.unknown()),
});
export type PersonaVersionFile = z.infer<typeof PersonaVersionFile>;
