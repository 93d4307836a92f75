import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const numeric = /^-?\d+(\.\d+)?$/;

/** What an issue asks for at its path: a number, a string, or neither. */
function wanted(issue: Issue): 'number' | 'string' | null {
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) return 'number';
  if (issue.code === 'invalid_type' && issue.expected === 'string') return 'string';
  if (issue.code === 'invalid_value') {
    if (issue.values.some((value) => typeof value === 'number')) return 'number';
    if (issue.values.some((value) => typeof value === 'string')) return 'string';
  }
  // A union of literals (`1 | 2`): what any of its branches asks for.
  if (issue.code === 'invalid_union') {
    for (const branch of issue.errors) {
      for (const inner of branch) {
        if (inner.path.length === 0) {
          const kind = wanted(inner);
          if (kind) return kind;
        }
      }
    }
  }
  return null;
}

/** The scalar at `path`, converted to what the issue wants, or undefined when it cannot be. */
function converted(value: unknown, kind: 'number' | 'string'): number | string | undefined {
  if (kind === 'number' && typeof value === 'string' && numeric.test(value.trim())) return Number(value.trim());
  if (kind === 'string' && typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A copy of `data` with each scalar an issue asks for as the other type converted; null when none could be. */
function convertScalars(data: unknown, issues: readonly Issue[]): unknown {
  const copy: unknown = structuredClone(data);
  let changed = false;
  for (const issue of issues) {
    const kind = wanted(issue);
    if (!kind || issue.path.length === 0) continue;
    let parent: unknown = copy;
    for (const key of issue.path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<PropertyKey, unknown>)[key] : undefined;
    if (parent === null || typeof parent !== 'object') continue;
    const holder = parent as Record<PropertyKey, unknown>;
    const last = issue.path[issue.path.length - 1] as PropertyKey;
    const value = converted(holder[last], kind);
    if (value === undefined) continue;
    holder[last] = value;
    changed = true;
  }
  return changed ? copy : null;
}

/**
 * Validates a request part against its contract schema, lenient where JeecgBoot is: its Ant forms
 * send numbers as strings (`sortOrder: "1"`) and its callers numbers for string ids (`pid: 0`),
 * which Jackson reads either way. Where the schema asks for a number and gets a numeric string, or
 * asks for a string and gets a finite number, that value is converted and the whole part is checked
 * again. Nothing else bends: what reaches a handler is always the schema's own output, and a value
 * that is still wrong is refused naming its field.
 */
export const lenientValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (routeSchema) => {
  const { schema } = routeSchema;
  // A refusal is written in the library's own error shape (the error handler reads it).
  const refusal = validatorCompiler(routeSchema);
  return (data) => {
    let input = data;
    let result = schema.safeParse(input);
    // Each round converts what the last one found; a schema nests at most a few levels of such fields.
    for (let round = 0; !result.success && round < 3; round++) {
      const next = convertScalars(input, result.error.issues);
      if (next === null) break;
      input = next;
      result = schema.safeParse(input);
    }
    return result.success ? { value: result.data } : refusal(input);
  };
};
