/** JSON Schema (draft-07) of the scenario format, generated from the valibot schema. */
import { toJsonSchema } from '@valibot/to-json-schema';
import { ScenarioSchema, SCENARIO_VERSION } from './schema.ts';

export function scenarioJsonSchema(): Record<string, unknown> {
  // The Number.isFinite checks have no JSON Schema equivalent (JSON has no Infinity anyway).
  const schema = toJsonSchema(ScenarioSchema, { errorMode: 'ignore' }) as Record<string, unknown>;
  return {
    ...schema,
    $id: `https://queuelab.dev/scenario.v${SCENARIO_VERSION}.schema.json`,
    title: `QueueLab scenario, version ${SCENARIO_VERSION}`,
    description: 'See scenarios/README.md for the meaning of every field.',
  };
}
