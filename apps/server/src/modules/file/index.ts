import fp from 'fastify-plugin';
import { type UploadChecks, createUploadChecks } from './file.face.js';
import { createFileRepository } from './file.repository.js';
import routes from './file.routes.js';

export type { UploadChecks } from './file.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The file module's face (modules/file/file.face.ts). */
    uploads: UploadChecks;
  }
}

/** The file module's one door: uploads and their serving, System → Files, and the upload checks of other forms (app.uploads). Its routes are under /boot. */
export default fp(
  async (app) => {
    const files = createFileRepository(app.config.uploadDir, app.db);
    app.decorate('uploads', createUploadChecks(files));
    await app.register(routes, { prefix: '/boot', files });
  },
  { name: 'module-file', dependencies: ['module-dict'] },
);
