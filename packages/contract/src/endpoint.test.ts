import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, methodOf, pathOf } from './endpoint.js';

const dataRules = defineEndpoint({
  method: 'GET',
  path: '/sys/sysDepartPermission/datarule/:permissionId/:departId',
  params: z.object({ permissionId: z.string(), departId: z.string() }),
  result: null,
});

describe('an endpoint', () => {
  it('fills its path parameters in, each encoded', () => {
    expect(pathOf(dataRules, { permissionId: 'a/b', departId: 'd 1' })).toBe('/sys/sysDepartPermission/datarule/a%2Fb/d%201');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathOf(dataRules, { permissionId: 'a' })).toThrow('departId');
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathOf(defineEndpoint({ method: ['PUT', 'POST'], path: '/sys/alarmNotification/rules', result: null }))).toBe('/sys/alarmNotification/rules');
  });

  it('is sent with the first of its methods', () => {
    expect(methodOf(defineEndpoint({ method: ['PUT', 'POST'], path: '/x', result: null }))).toBe('PUT');
  });
});
