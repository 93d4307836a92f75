import type { FileRepository } from './file.repository.js';
import type { AttachmentReader, AttachmentReaders } from './file.service.js';

/**
 * The file module's face: whether a path names a file its holder uploaded for a purpose (an
 * avatar, a ticket's attachments), and who may read the private files other modules' records hold
 * (the ticket module says who sees a ticket's attachments). The door builds it once, as
 * `app.uploads`; the module's repository stays its own.
 */
export const createUploadChecks = (repository: FileRepository, readers: AttachmentReaders) => {
  const { isUploaded, uploadedBy } = repository;
  return {
    isUploaded,
    uploadedBy,
    /** Ticket attachments: whoever sees a ticket holding the file may read it (its uploader always may). */
    readTicketAttachments(reader: AttachmentReader): void {
      readers.set('ticket', reader);
    },
  };
};

export type UploadChecks = ReturnType<typeof createUploadChecks>;
