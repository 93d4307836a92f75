/**
 * Characters a file name must not carry: C0 and C1 controls and DEL (`\p{Cc}`), and the invisible
 * bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–U+202E,
 * U+2066–U+2069) with the line and paragraph separators. A right-to-left override shows
 * `invoice\u202Efdp.exe` as `invoiceexe.pdf`; a name is a label, so they are taken out.
 */
const unsafeInName = /[\p{Cc}\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu;

/** A file name without control characters, trimmed (the visible text stays as it was). */
export const cleanFileName = (name: string): string => name.replace(unsafeInName, '').trim();
