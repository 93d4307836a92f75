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
  // A known comma-joined list (`ids`) goes to an array field as its items.
  const knownValue = known[name] && typeOf(schema) === 'array' ? known[name].map((value) => (typeof value === 'string' ? value.split(',') : value)) : known[name];
  const withKnown = knownValue ? fc.oneof({ weight: 4, arbitrary: knownValue }, { weight: 1, arbitrary: base }) : base;
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

/** A schema with its `allOf` parts (zod's several string checks) folded in, every pattern kept. */
function folded(schema: JsonSchema): JsonSchema & { patterns: string[] } {
  const patterns = schema.pattern ? [schema.pattern] : [];
  const merged: JsonSchema & { patterns: string[] } = { ...schema, patterns };
  for (const part of schema.allOf ?? []) {
    if (part.pattern) patterns.push(part.pattern);
    for (const key of ['type', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'enum'] as const) {
      if (merged[key] === undefined && part[key] !== undefined) (merged as unknown as Record<string, unknown>)[key] = part[key];
    }
  }
  return merged;
}

/** The single type a schema names (after folding `allOf`), or undefined for unions and open schemas. */
export function typeOf(schema: JsonSchema): string | undefined {
  const type = folded(schema).type;
  return Array.isArray(type) ? (type.length === 1 ? type[0] : undefined) : type;
}

/**
 * Whether the schema certainly refuses the value: a wrong JSON type, a NUL in a string, a length or
 * a number past its bound, a value outside an enum, a missing required value. Conservative: where
 * a value might be coerced or a union might take it, it says no. `from: 'query'` reads the value as
 * query-string text, where only NUL and length are certain.
 */
export function surelyRefuses(schema: JsonSchema, value: unknown, from: 'json' | 'query'): boolean {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.length > 0 && choices.every((choice) => surelyRefuses(choice, value, from));
  const s = folded(schema);
  // Optional fields often take null for absent (a preprocess the document does not show).
  if (value === null) return false;
  // The server reads a numeric string as a number and a number as a string where the schema asks
  // for the other (kit/lenient-validator.ts): such a value is what it reads as.
  const asNumber = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : undefined;
  const asString = typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (s.const !== undefined || s.enum) return from === 'json' && ![...(s.enum ?? [s.const])].some((allowed) => allowed === value || allowed === asNumber || allowed === asString);
  const type = typeOf(schema);
  if (from === 'json' && asString !== undefined && type === 'string') value = asString;
  if (from === 'json' && asNumber !== undefined && (type === 'integer' || type === 'number')) value = asNumber;
  if (from === 'query') {
    if (type !== 'string') return false;
    const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
    return (text.includes('\u0000') && s.patterns.includes(genericPattern)) || (s.maxLength !== undefined && text.length > s.maxLength);
  }
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return true;
      return (value.includes('\u0000') && s.patterns.includes(genericPattern)) || (s.maxLength !== undefined && value.length > s.maxLength) || (s.minLength !== undefined && value.length < s.minLength);
    case 'integer':
    case 'number':
      if (typeof value !== 'number') return true;
      if (type === 'integer' && !Number.isSafeInteger(value)) return true;
      return (
        (s.minimum !== undefined && value < s.minimum) ||
        (s.maximum !== undefined && value > s.maximum) ||
        (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum) ||
        (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum)
      );
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return !Array.isArray(value) || (s.minItems !== undefined && value.length < s.minItems) || (s.maxItems !== undefined && value.length > s.maxItems);
    case 'object':
      return typeof value !== 'object' || value === null || Array.isArray(value);
    default:
      return false;
  }
}

/** Numbers at and just past each bound the schema gives, with the values any number field is tried with. */
export function boundaryNumbers(schema: JsonSchema): unknown[] {
  const s = folded(schema);
  const step = typeOf(schema) === 'integer' ? 1 : 0.001;
  const bounds = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter((bound): bound is number => bound !== undefined);
  return [...bounds.flatMap((bound) => [bound, bound - step, bound + step]), Number.MAX_SAFE_INTEGER + 1, -Number.MAX_SAFE_INTEGER - 2, -0, 0.5, 'NaN', 'Infinity', '-Infinity', '1e309', '0x10'];
}

/** A string field's length bound (the fuzz tries one past it and a very long one). */
export const maxLengthOf = (schema: JsonSchema): number | undefined => folded(schema).maxLength;
