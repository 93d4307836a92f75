import { randomInt } from 'node:crypto';

/**
 * The sign-in captcha's picture (JeecgBoot's `/sys/randomImage/{key}`): four digits drawn as
 * jittered, turned strokes over noise curves, as an SVG data address the console puts in an
 * `<img>`. The digits are paths, never text, so reading the picture's source does not give them.
 */
export const captchaLength = 4;

/** Random digits from the system's cryptographic source. */
export const newCaptchaCode = (): string => Array.from({ length: captchaLength }, () => String(randomInt(0, 10))).join('');

/** Each digit as strokes (polylines) in a 10 × 16 box. */
const digitStrokes: Record<string, readonly (readonly [number, number])[][]> = {
  '0': [[[2, 1], [8, 1], [9, 3], [9, 13], [8, 15], [2, 15], [1, 13], [1, 3], [2, 1]]],
  '1': [[[3, 4], [6, 1], [6, 15]], [[3, 15], [9, 15]]],
  '2': [[[1, 4], [3, 1], [7, 1], [9, 4], [9, 6], [1, 15], [9, 15]]],
  '3': [[[1, 1], [9, 1], [5, 7], [8, 9], [9, 12], [7, 15], [1, 15]]],
  '4': [[[7, 15], [7, 1], [1, 11], [9, 11]]],
  '5': [[[9, 1], [2, 1], [1, 7], [7, 7], [9, 10], [8, 15], [1, 15]]],
  '6': [[[8, 1], [3, 1], [1, 5], [1, 13], [3, 15], [8, 15], [9, 12], [8, 9], [1, 9]]],
  '7': [[[1, 1], [9, 1], [4, 15]]],
  '8': [[[5, 8], [2, 6], [2, 2], [5, 1], [8, 2], [8, 6], [5, 8], [1, 11], [2, 15], [8, 15], [9, 11], [5, 8]]],
  '9': [[[9, 7], [1, 7], [1, 2], [3, 1], [8, 1], [9, 4], [9, 12], [7, 15], [2, 15]]],
};

const width = 120;
const height = 40;
const between = (random: () => number, low: number, high: number) => low + random() * (high - low);
const colour = (random: () => number) => `hsl(${Math.floor(between(random, 0, 360))},60%,${Math.floor(between(random, 25, 40))}%)`;

/** The picture of `code`; `random` only shapes it (jitter, turn, noise), so tests can fix it. */
export const renderCaptcha = (code: string, random: () => number = Math.random): string => {
  const paths: string[] = [];
  for (let noise = 0; noise < 4; noise += 1) {
    const [x1, y1, cx, cy, x2, y2] = [0, between(random, 5, 35), between(random, 30, 90), between(random, -10, 50), width, between(random, 5, 35)];
    paths.push(`<path d="M${x1} ${y1.toFixed(1)} Q${cx.toFixed(1)} ${cy.toFixed(1)} ${x2} ${y2.toFixed(1)}" stroke="${colour(random)}" stroke-width="1.2" fill="none" opacity="0.7"/>`);
  }
  [...code].forEach((digit, index) => {
    const strokes = digitStrokes[digit];
    if (!strokes) throw new Error(`the captcha draws digits only, not "${digit}"`);
    const scale = between(random, 1.6, 1.9);
    const turn = (between(random, -22, 22) * Math.PI) / 180;
    const originX = 12 + index * 26 + between(random, -3, 3);
    const originY = 6 + between(random, -2, 4);
    const place = ([x, y]: readonly [number, number]) => {
      const dx = (x - 5 + between(random, -0.4, 0.4)) * scale;
      const dy = (y - 8 + between(random, -0.4, 0.4)) * scale;
      return `${(originX + 5 * scale + dx * Math.cos(turn) - dy * Math.sin(turn)).toFixed(1)} ${(originY + 8 * scale + dx * Math.sin(turn) + dy * Math.cos(turn)).toFixed(1)}`;
    };
    const d = strokes.map((stroke) => `M${stroke.map(place).join(' L')}`).join(' ');
    paths.push(`<path d="${d}" stroke="${colour(random)}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`);
  });
  for (let dot = 0; dot < 25; dot += 1) {
    paths.push(`<circle cx="${between(random, 0, width).toFixed(1)}" cy="${between(random, 0, height).toFixed(1)}" r="${between(random, 0.5, 1.3).toFixed(1)}" fill="${colour(random)}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6f8"/>${paths.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};
