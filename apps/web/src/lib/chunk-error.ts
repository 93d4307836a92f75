/**
 * Recognises a lazily loaded part that failed to download (usually a new deploy replaced it),
 * naming the error type and the URL for the message of spec section 8.
 */
export const chunkLoadFailure = (error: unknown): { type: string; url: string } | null => {
  if (!(error instanceof Error)) return null;
  const match = /(?:Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)[:.\s]*(\S*)/i.exec(error.message);
  return match ? { type: error.name, url: match[1] ?? '' } : null;
};
