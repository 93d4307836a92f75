import { describe, expect, it } from 'vitest';
import { captchaLength, newCaptchaCode, renderCaptcha } from './captcha-image.js';

const svgOf = (dataAddress: string) => Buffer.from(dataAddress.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('the captcha picture', () => {
  it('is four random digits', () => {
    const codes = new Set(Array.from({ length: 50 }, newCaptchaCode));
    for (const code of codes) expect(code).toMatch(new RegExp(`^\\d{${captchaLength}}$`));
    expect(codes.size).toBeGreaterThan(40);
  });

  it('draws the digits as strokes, never as text, and differently each time', () => {
    const picture = renderCaptcha('2719');
    expect(picture).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = svgOf(picture);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="120" height="40"/);
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('2719');
    // One path per digit (round line caps) besides the noise.
    expect(svg.match(/stroke-linecap="round"/g)).toHaveLength(4);
    expect(svgOf(renderCaptcha('2719'))).not.toBe(svg);
  });

  it('draws the same picture for the same randomness', () => {
    const fixed = () => {
      let seed = 7;
      return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    };
    expect(renderCaptcha('0458', fixed())).toBe(renderCaptcha('0458', fixed()));
    expect(() => renderCaptcha('12a4')).toThrow('digits only');
  });
});
