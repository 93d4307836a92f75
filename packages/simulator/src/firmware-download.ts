import { createHash } from 'node:crypto';
import type { UpgradeRequest } from './command-check.js';

/** Fetches a firmware file; the default downloads it over HTTP(S) like a logger does. */
export type FirmwareFetcher = (url: string) => Promise<Buffer>;

export const httpFirmwareFetcher: FirmwareFetcher = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
};

/**
 * Downloads an upgrade's file and checks it as the device protocol says (section 10): the size and
 * the SHA-256 the command gave. Resolves to null when the file is good, else to why it is not.
 */
export const downloadFirmware = async (request: UpgradeRequest, fetchFirmware: FirmwareFetcher): Promise<string | null> => {
  let content: Buffer;
  try {
    content = await fetchFirmware(request.url);
  } catch (error) {
    return `download of ${request.url} failed: ${(error as Error).message}`;
  }
  if (content.length !== request.size) return `size ${content.length} differs from ${request.size}`;
  const sha256 = createHash('sha256').update(content).digest('hex');
  return sha256 === request.sha256 ? null : 'sha256 mismatch';
};
