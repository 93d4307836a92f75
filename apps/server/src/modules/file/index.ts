import { storedFileResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createResourceService } from '../../kit/resource-service.js';
import { type UploadChecks, createUploadChecks } from './file.face.js';
import { createFileAdminService } from './file-admin.service.js';
import { createFileStores } from './file-store.repository.js';
import { createFileRepository } from './file.repository.js';
import { type AttachmentReaders, createFileService } from './file.service.js';
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
    // Filled by the modules whose records hold private files (the ticket door), read per request.
    const readers: AttachmentReaders = new Map();
    app.decorate('uploads', createUploadChecks(files, readers));
    const stores = createFileStores(files.root, app.config.s3);
    const tenants = app.tenantMemberships;
    const service = createFileService({ files, store: stores.current, firstTenantOf: async (userId) => (await tenants.activeForUser(userId))[0]?.id, readers });
    const admin = createFileAdminService({ kit: createResourceService({ resource: storedFileResource, ...files.screen, dicts: app.dicts }), files, stores, log: app.log });
    await app.register(routes, { prefix: '/boot', files, stores, service, admin });
  },
  { name: 'module-file', dependencies: ['module-dict'] },
);
