import fp from 'fastify-plugin';
import { type UserAccounts, createUserAccounts } from './user.face.js';
import { createUserRepository } from './user.repository.js';
import { userServiceFor } from './user.service.js';
import routes from './user.routes.js';

export type { UserAccounts } from './user.face.js';
export type { UserService } from './user.service.js';
export type { Executor, UserRow } from './user.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user module's face (modules/user/user.face.ts). */
    userAccounts: UserAccounts;
  }
}

/** The user module's one door: System → Users, and every other module's way to accounts (app.userAccounts). Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createUserRepository(app.db);
    const service = userServiceFor(app, repository);
    app.decorate('userAccounts', createUserAccounts(repository, app.dicts, service));
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-user', dependencies: ['module-data-log', 'module-dict', 'module-permission'] },
);
