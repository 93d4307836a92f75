/**
 * JeecgBoot's hierarchical org codes (its fill rule, YouBianCodeUtil): each level adds one segment
 * of a letter and two digits. Roots are A01, A02 … A99, B01 … Z99; the children of A01 are A01A01,
 * A01A02 …, so a code names its whole path and sorts with its subtree.
 */
const segment = /^[A-Z]\d{2}$/;

/** The segment after `current` (A01 after none), or null after Z99. */
const segmentAfter = (current: string | undefined): string | null => {
  if (current === undefined) return 'A01';
  const letter = current.charAt(0);
  const number = Number(current.slice(1));
  if (number < 99) return `${letter}${String(number + 1).padStart(2, '0')}`;
  return letter === 'Z' ? null : `${String.fromCharCode(letter.charCodeAt(0) + 1)}01`;
};

/**
 * The code after the highest of `taken` among the children of `parentCode` ('' for roots); codes
 * that are not one segment below the parent are ignored. Null when the level's 2,574 codes are used up.
 */
export const nextOrgCode = (parentCode: string, taken: readonly string[]): string | null => {
  const highest = taken
    .filter((code) => code.length === parentCode.length + 3 && code.startsWith(parentCode))
    .map((code) => code.slice(parentCode.length))
    .filter((last) => segment.test(last))
    .sort()
    .at(-1);
  const next = segmentAfter(highest);
  return next === null ? null : `${parentCode}${next}`;
};
