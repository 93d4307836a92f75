import { useEffect, useState } from 'react';
import { api, apiBase, fileUrl, saveFile } from './api-client';
import { privateUploadKinds } from './upload-file';

/**
 * Stored uploads as the console shows them. Public kinds (avatars, station and rich-text images)
 * are plain addresses; private ones (ticket attachments, grid files) are fetched with the session's
 * header and shown as a blob, so no token ever sits in an address. Only raster images are shown in
 * place: anything else (a PDF may carry script) is saved as a download.
 */

/** Whether the server serves this stored path only with the session (its first segment is the kind). */
export const isPrivateFile = (path: string): boolean => privateUploadKinds.some((kind) => path.startsWith(`${kind}/`));

/** The stored file's content, fetched with the session (refusals become ApiError). */
const fetchStoredFile = (path: string) => {
  const url = fileUrl(path);
  if (!url) return Promise.reject(new Error('not a stored file'));
  return api.download(url.slice(apiBase.length), undefined, path.slice(path.lastIndexOf('/') + 1));
};

/** Saves a stored file through the browser's save dialog, under the name the server gives (its uploaded name). */
export const downloadStoredFile = async (path: string): Promise<void> => saveFile(await fetchStoredFile(path));

/**
 * An address an `<img>` can show for a stored path: a public file's own, or a blob of a private
 * one fetched with the session (undefined while it loads or when it cannot be had), revoked when
 * the path changes or the component goes.
 */
export function useStoredFileUrl(path: string | null | undefined): string | undefined {
  const wanted = path && fileUrl(path) && isPrivateFile(path) ? path : null;
  const [loaded, setLoaded] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let url: string | undefined;
    let gone = false;
    fetchStoredFile(wanted).then(
      ({ blob }) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setLoaded({ path: wanted, url });
      },
      // Not shown is answer enough: the file is gone, or the caller may not see it.
      () => undefined,
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [wanted]);
  if (!wanted) return fileUrl(path);
  return loaded?.path === wanted ? loaded.url : undefined;
}
