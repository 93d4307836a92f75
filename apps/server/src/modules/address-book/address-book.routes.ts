import { Permission, addressBookEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { AddressBookService } from './address-book.service.js';

/**
 * The address book (System → Address book): the users of the caller's tenants by department, the
 * chosen department's subtree included, with the users list's contract and a keyword search.
 */
const routes: FastifyPluginAsyncZod<{ service: AddressBookService }> = async (app, { service }) => {
  endpointRoute(
    app,
    addressBookEndpoints.list,
    {
      access: { permission: Permission.AddressBookList },
      tenancy: 'tenant', scope: 'scoped',
      tags: ['address book'],
      summary: 'Users of department depId and its sub-departments (all without it), keyword in name, user name, phone or e-mail; list contract',
    },
    async (request) => ok(await service.list(requireAuth(request), request.query, request.language)),
  );
};

export default routes;
