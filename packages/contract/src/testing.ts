import { z } from 'zod';

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[]; const?: unknown; format?: string; minimum?: number };

/** A plain value of a JSON Schema: the field's name for text, the smallest number, the first choice. */
const plainValue = (schema: JsonSchema, name: string, serial: number): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? [];
  if (choices.length > 0) {
    const concrete = choices.find((choice) => choice.type !== 'null') ?? choices[0];
    return concrete ? plainValue(concrete, name, serial) : null;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'date-time' || /Time$|At$|^lastSeen$/.test(name) ? new Date(Date.UTC(2026, 10, 1, 8, serial)).toISOString() : `${name}-${serial}`;
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, serial);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plainValue(value, key, serial)]));
    default:
      return null;
  }
};

/**
 * Test data from the contract: a record the schema accepts, built from its own shape, with the
 * fields a test cares about given as overrides. Parsed with the schema, so a builder can never hand
 * a test data the server would not send. (A field with a pattern needs its value as an override.)
 */
export const buildRecord = <Schema extends z.ZodObject>(schema: Schema, overrides: Partial<z.input<Schema>> = {}, serial = 1): z.output<Schema> => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const base = plainValue(json, '', serial) as Record<string, unknown>;
  return schema.parse({ ...base, ...overrides });
};

/** Several records, numbered from 1, each with its own overrides. */
export const buildRecords = <Schema extends z.ZodObject>(schema: Schema, overrides: Partial<z.input<Schema>>[]): z.output<Schema>[] => overrides.map((override, index) => buildRecord(schema, override, index + 1));
