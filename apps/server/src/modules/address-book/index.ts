import fp from 'fastify-plugin';
import { createAddressBookRepository } from './address-book.repository.js';
import { createAddressBookService } from './address-book.service.js';
import routes from './address-book.routes.js';

/** The address-book module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot', service: createAddressBookService(createAddressBookRepository(app.db), app.userAccounts) });
  },
  { name: 'module-address-book', dependencies: ['module-user'] },
);
