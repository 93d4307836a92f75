import type { z } from 'zod';
import { fields } from './fields.js';
import { listQuerySchema } from './list-query.js';
import { text } from './text.js';

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
