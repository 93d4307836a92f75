/**
 * Whether a database error is about the data ("this can never be stored": SQLSTATE classes 22 data
 * exception, 23 integrity violation, 42 syntax or access rule) rather than about reaching the
 * database. Retrying the first kind cannot help; retrying the second is how nothing is lost.
 */
export const isDataError = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && /^(22|23|42)/.test(code);
};

/** Whether a database error is a unique violation (SQLSTATE 23505), of the named index when given. */
export const uniqueViolation = (error: unknown, index?: string): boolean => {
  const found = [error, (error as { cause?: unknown } | null)?.cause].find((e) => (e as { code?: unknown } | null)?.code === '23505') as { constraint?: string; message?: string } | undefined;
  if (!found) return false;
  return index === undefined || found.constraint === index || (found.message ?? '').includes(index);
};
