/**
 * `npm run schema`: writes scenarios/scenario.schema.json from the valibot schema, so editors
 * complete and check scenario files (each shipped file points at it with "$schema"). A test fails
 * when the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from '../scenario/json-schema.ts';

const path = new URL('../../scenarios/scenario.schema.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${path.pathname}\n`);
