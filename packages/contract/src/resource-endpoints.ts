import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { listQuerySchema, pageSchema } from './list-query.js';
import { type Resource, resourceIdQuerySchema, resourceIdsQuerySchema } from './resource.js';
import { text } from './text.js';

/**
 * The screen kit's calls of a resource as endpoints: the server's kit routes and the web's kit
 * (and any screen that reads one record or one page of a resource) take path and types from here.
 * A read-only resource's add and edit bodies are `never`: the server offers neither call.
 */
const build = <R extends Resource>(resource: R) => {
  const { path } = resource;
  return {
    list: defineEndpoint({ method: 'GET', path: `${path}/list`, query: listQuerySchema, result: pageSchema(resource.record as R['record']) }),
    queryById: defineEndpoint({ method: 'GET', path: `${path}/queryById`, query: resourceIdQuerySchema, result: resource.record as R['record'] }),
    /** The new record's id is the result. */
    add: defineEndpoint({ method: 'POST', path: `${path}/add`, body: (resource.add ?? z.never()) as NonNullable<R['add']>, result: text() }),
    edit: defineEndpoint({ method: ['PUT', 'POST'], path: `${path}/edit`, body: (resource.edit ?? z.never()) as NonNullable<R['edit']>, result: null }),
    delete: defineEndpoint({ method: 'DELETE', path: `${path}/delete`, query: resourceIdQuerySchema, result: null }),
    /** `ids` comma-joined. */
    deleteBatch: defineEndpoint({ method: 'DELETE', path: `${path}/deleteBatch`, query: resourceIdsQuerySchema, result: null }),
  };
};
export type ResourceEndpoints<R extends Resource> = ReturnType<typeof build<R>>;

// Built once per resource: the web asks on every call.
const built = new WeakMap<Resource, unknown>();

export const endpointsOfResource = <R extends Resource>(resource: R): ResourceEndpoints<R> => {
  let endpoints = built.get(resource) as ResourceEndpoints<R> | undefined;
  if (!endpoints) {
    endpoints = build(resource);
    built.set(resource, endpoints);
  }
  return endpoints;
};
