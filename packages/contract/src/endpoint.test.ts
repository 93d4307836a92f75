import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Endpoint, defineEndpoint, methodOf, pathOf } from './endpoint.js';

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

describe('the contract’s endpoints', () => {
  it('declare each method and path once, with every path parameter in their params schema', async () => {
    const contract: Record<string, unknown> = await import('./index.js');
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const [groupName, group] of Object.entries(contract).filter(([name]) => name.endsWith('Endpoints'))) {
      for (const [call, endpoint] of Object.entries(group as Record<string, Endpoint>)) {
        const name = `${groupName}.${call}`;
        for (const method of typeof endpoint.method === 'string' ? [endpoint.method] : endpoint.method) {
          const key = `${method} ${endpoint.path}`;
          if (seen.has(key)) problems.push(`${key}: ${seen.get(key)} and ${name}`);
          seen.set(key, name);
        }
        const named = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
        const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape) : [];
        if (named.sort().join() !== declared.sort().join()) problems.push(`${name}: path names ${named.join(', ') || 'none'}, params ${declared.join(', ') || 'none'}`);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
