import type { FileRepository } from './file.repository.js';

/**
 * The file module's face: whether a path names a file its holder uploaded for a purpose (an
 * avatar, a ticket's attachments). The door builds it once, as `app.uploads`; the module's
 * repository stays its own.
 */
export const createUploadChecks = (repository: FileRepository) => {
  const { isUploaded, uploadedBy } = repository;
  return { isUploaded, uploadedBy };
};

export type UploadChecks = ReturnType<typeof createUploadChecks>;
