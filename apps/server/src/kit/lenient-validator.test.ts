import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lenientValidatorCompiler } from './lenient-validator.js';

const validate = (schema: z.ZodType, data: unknown) => lenientValidatorCompiler({ schema, method: 'POST', url: '/test' })(data) as { value?: unknown; error?: { instancePath: string }[] };

const form = z.object({
  sortOrder: z.number().int().min(0).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  level: z.enum(['1', '2']).optional(),
  pid: z.string().regex(/^\d+$/).optional(),
  rows: z.array(z.object({ count: z.number() })).optional(),
});

describe('the lenient validator (JeecgBoot’s number and string leniency)', () => {
  it('reads numeric strings where a number is asked for, and numbers where a string is', () => {
    expect(validate(form, { sortOrder: '2', status: '1', level: 2, pid: 0, rows: [{ count: '3.5' }] }).value).toEqual({ sortOrder: 2, status: 1, level: '2', pid: '0', rows: [{ count: 3.5 }] });
  });

  it('passes what is already right untouched, and does not change the caller’s object', () => {
    const data = { sortOrder: '2' };
    expect(validate(form, { sortOrder: 2 }).value).toEqual({ sortOrder: 2 });
    validate(form, data);
    expect(data).toEqual({ sortOrder: '2' });
  });

  it('still refuses what is wrong after reading, naming the field', () => {
    for (const [data, path] of [
      [{ sortOrder: 'two' }, '/sortOrder'],
      [{ sortOrder: '' }, '/sortOrder'],
      [{ sortOrder: '1.5' }, '/sortOrder'],
      [{ sortOrder: '-1' }, '/sortOrder'],
      [{ status: '7' }, '/status'],
      [{ pid: true }, '/pid'],
      [{ pid: Number.NaN }, '/pid'],
      [{ rows: [{ count: 'x' }] }, '/rows/0/count'],
    ] as const) {
      const { error } = validate(form, data);
      expect(error?.map((issue) => issue.instancePath), JSON.stringify(data)).toContain(path);
    }
  });
});
