/**
 * Spreads loggers over `count` lanes (batch writers, decoder threads), the same logger always to
 * the same lane, so its messages keep their order (FNV-1a of its SN: cheap and stable).
 */
export const laneOf = (gsn: string, count: number): number => {
  if (count <= 1) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < gsn.length; i++) h = Math.imul(h ^ gsn.charCodeAt(i), 0x01000193);
  return (h >>> 0) % count;
};
