// Writes docs/persona-suite.schema.json from the suite's zod schema (tests/persona-suite-schema.test.ts checks it).
import { register } from 'tsx/esm/api';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

register();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { personaSuiteJsonSchema } = await import(path.join(root, 'shared', 'domain', 'persona-suite.ts'));
writeFileSync(
  path.join(root, 'docs', 'persona-suite.schema.json'),
  `${JSON.stringify(personaSuiteJsonSchema(), null, 2)}\n`,
);
