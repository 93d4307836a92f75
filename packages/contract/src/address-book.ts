import type { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import { listQuerySchema, pageSchema } from './list-query.js';
import { text } from './text.js';
import { userRecordSchema } from './user.js';

/**
 * `GET /sys/user/queryByOrgCodeForAddressList` (System → Address book): the users of the caller's
 * tenants in department `depId` and its sub-departments (every user without it), with the users
 * list's contract (paging, sort, filters) and `keyword`, found in the name, user name, phone or e-mail.
 */
export const addressBookQuerySchema = listQuerySchema.extend({
  depId: fields.id.optional(),
  keyword: text().trim().max(100, 'must be at most 100 characters').optional(),
});
export type AddressBookQuery = z.infer<typeof addressBookQuerySchema>;

/** The users of a department and its sub-departments, with the users list's contract. */
export const addressBookEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/sys/user/queryByOrgCodeForAddressList', query: addressBookQuerySchema, result: pageSchema(userRecordSchema) }),
};
