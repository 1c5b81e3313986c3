/**
 * A schema registry as the log model needs it: one subject (`<topic>-value`), its compatibility
 * level, and what a producer's new schema version does — registered or refused — and whether the
 * consumers, still on the old version, can read what it writes.
 *
 * Confluent Schema Registry's rules for Avro ("Schema Evolution and Compatibility" in its docs):
 * - BACKWARD (the registry's default): a reader on the NEW schema can read data written with the
 *   previous one — allowed: delete a field, add a field with a default. It protects consumers
 *   that upgrade first.
 * - FORWARD: a reader on the PREVIOUS schema can read data written with the new one — allowed:
 *   add a field, delete a field that has a default. It protects consumers that have not upgraded
 *   yet, i.e. a producer that deploys first.
 * - FULL: both — only fields with defaults may be added or deleted.
 * - NONE: no check.
 * A producer's serializer with `auto.register.schemas=true` (the default) registers its schema on
 * the first send; a refused registration (HTTP 409) throws SerializationException from send(), so
 * the record never reaches Kafka. Consumers here use the old schema as their reader schema
 * (generated classes, `specific.avro.reader=true`), so data they cannot resolve fails inside
 * poll() with RecordDeserializationException — a poison record for every consumer.
 *
 * Simplifications: one subject, the check is against the latest version only (no *_TRANSITIVE
 * levels), and a change is one of four kinds, each a single field.
 */

export const COMPATIBILITY_LEVELS = ['none', 'backward', 'forward', 'full'] as const;
export type CompatibilityLevel = (typeof COMPATIBILITY_LEVELS)[number];

/**
 * One field changed in the producer's new schema version. "Required" means without a default, as
 * Avro has it.
 */
export const SCHEMA_CHANGES = ['add-optional-field', 'add-required-field', 'remove-required-field', 'change-field-type'] as const;
export type SchemaChange = (typeof SCHEMA_CHANGES)[number];

/** Whether a reader on the new schema can read old data (BACKWARD), and an old reader new data (FORWARD). */
const DIRECTIONS: Record<SchemaChange, { backward: boolean; forward: boolean }> = {
  // A default fills the field when new readers read old data; old readers ignore the extra field.
  'add-optional-field': { backward: true, forward: true },
  // New readers find no value and no default in old data; old readers ignore the extra field.
  'add-required-field': { backward: false, forward: true },
  // New readers ignore the old field; old readers need it and have no default to fall back on.
  'remove-required-field': { backward: true, forward: false },
  // Neither side can resolve a string written as a record (or any non-promotable type change).
  'change-field-type': { backward: false, forward: false },
};

/** Whether the registry accepts `change` under `level`. */
export function registers(level: CompatibilityLevel, change: SchemaChange): boolean {
  const d = DIRECTIONS[change];
  switch (level) {
    case 'none':
      return true;
    case 'backward':
      return d.backward;
    case 'forward':
      return d.forward;
    case 'full':
      return d.backward && d.forward;
  }
}

/** Whether consumers still on the old schema can read records written with the new one. */
export function oldReadersCope(change: SchemaChange): boolean {
  return DIRECTIONS[change].forward;
}

/** The producer's error when the registry refuses its schema (Confluent's serializer, wrapped by the client). */
export function refusedText(subject: string, level: CompatibilityLevel): string {
  return (
    `send() failed: SerializationException: Error registering Avro schema: RestClientException: ` +
    `Schema being registered is incompatible with an earlier schema for subject "${subject}" (compatibility ${level.toUpperCase()}); error code: 409`
  );
}
