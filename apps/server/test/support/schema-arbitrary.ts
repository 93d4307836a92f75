import fc from 'fast-check';

/** The parts of JSON Schema (as the OpenAPI document of /boot/docs writes them) that the fuzz reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  nullable?: boolean;
}

/** The contract's NUL rule is on every string; it says nothing about what a value looks like. */
const genericPattern = '^[^\\u0000]*$';

/** Real values for fields the fuzz knows by name, so requests get past validation to the database. */
export type KnownValues = Record<string, fc.Arbitrary<unknown>>;

/**
 * A fast-check arbitrary for values a JSON Schema accepts. Strings follow the most specific
 * pattern (fast-check's stringMatching) within the length bounds; fields named in `known` take
 * real values four times out of five.
 */
export function arbitraryFor(schema: JsonSchema, known: KnownValues = {}, name = ''): fc.Arbitrary<unknown> {
  const base = plainArbitrary(schema, known);
  const withKnown = known[name] ? fc.oneof({ weight: 4, arbitrary: known[name] }, { weight: 1, arbitrary: base }) : base;
  return schema.nullable ? fc.option(withKnown, { nil: null }) : withKnown;
}

function plainArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryFor(choice, known)));
  if (schema.allOf) {
    // zod writes several string checks as allOf: keep the most specific pattern.
    const merged: JsonSchema = { ...schema, allOf: undefined };
    for (const part of schema.allOf) {
      if (part.pattern && part.pattern !== genericPattern) merged.pattern = part.pattern;
      merged.type ??= part.type;
      merged.format ??= part.format;
    }
    return plainArbitrary(merged, known);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}, known), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return objectArbitrary(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 200);
  if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern && schema.pattern !== genericPattern) {
    // The pattern bounds the length itself (e.g. a 64-digit signature): only a declared maxLength
    // may cut it further, or the filter would never pass and the generator would spin forever.
    const patternMaxLength = schema.maxLength ?? Number.MAX_SAFE_INTEGER;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= patternMaxLength && !s.includes('\u0000'));
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 24)), unit: 'grapheme' }).filter((s) => !s.includes('\u0000'));
}

function objectArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([key, value]) => [key, arbitraryFor(value, known, key)]));
  return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}
