import { api } from './api-client';

/** What an upload is for: the server checks each kind's types and size (`/sys/common/upload`'s `biz`). */
export type UploadKind = 'avatar' | 'station' | 'ticket' | 'jeditor' | 'temp';

/**
 * Kinds the server serves only with the session of someone who may see them (ticket attachments,
 * the editable grid's files); avatars, station and rich-text images load from their address alone.
 */
export const privateUploadKinds: readonly UploadKind[] = ['ticket', 'temp'];

/** POST /sys/common/upload: stores one file as `kind` and resolves to its stored path (the answer's message). */
export const uploadFile = async (file: Blob, kind: UploadKind): Promise<string> => {
  const form = new FormData();
  // The kind first: the server holds the file to the kind's size limit while it streams in.
  form.append('biz', kind);
  // The name travels explicitly: the server checks its length and that its extension fits the content.
  form.append('file', file, file instanceof File ? file.name : kind);
  return (await api.upload<unknown>('/sys/common/upload', form)).message;
};
