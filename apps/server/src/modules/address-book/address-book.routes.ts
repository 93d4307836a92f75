import { Permission, addressBookQuerySchema, pageSchema, userRecordSchema } from '@cellsight/contract';
import { type SQL, and } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { notFound } from '../../lib/errors.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { AddressBookRepository } from './address-book.repository.js';

/**
 * The address book (System → Address book): the users of the caller's tenants by department, the
 * chosen department's subtree included, with the users list's contract and a keyword search.
 */
const routes: FastifyPluginAsyncZod<{ book: AddressBookRepository }> = async (app, { book }) => {
  const users = app.userAccounts;
  route(
    app,
    {
      method: 'GET',
      url: '/sys/user/queryByOrgCodeForAddressList',
      access: { permission: Permission.AddressBookList },
      tenancy: 'tenant', scope: 'scoped',
      tags: ['address book'],
      summary: 'Users of department depId and its sub-departments (all without it), keyword in name, user name, phone or e-mail; list contract',
      input: { querystring: addressBookQuerySchema },
      result: pageSchema(userRecordSchema),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { depId, keyword, ...query } = request.query;
      const conditions: SQL[] = [];
      if (depId) {
        const orgCode = await book.orgCodeOf(depId, requireAuth(request));
        if (orgCode === null) throw notFound('Department', 'depId');
        conditions.push(book.inSubtree(orgCode));
      }
      if (keyword) conditions.push(book.matching(keyword));
      return ok(await users.list(auth, query, request.language, and(...conditions)));
    },
  );
};

export default routes;
