import fp from 'fastify-plugin';
import { type DepartDirectory, createDepartDirectory } from './depart.face.js';
import { createDepartRepository } from './depart.repository.js';
import routes from './depart.routes.js';

export type { DepartDirectory } from './depart.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The depart module's face (modules/depart/depart.face.ts). */
    departs: DepartDirectory;
  }
}

/** The depart module's one door: System → Departments, and the departments users are placed in (app.departs). Its routes are under /boot. */
export default fp(
  async (app) => {
    const departs = createDepartRepository(app.db);
    app.decorate('departs', createDepartDirectory(departs));
    await app.register(routes, { prefix: '/boot', departs });
  },
  { name: 'module-depart', dependencies: ['module-dict'] },
);
