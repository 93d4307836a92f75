import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.js';

describe('pickLanguage', () => {
  it('takes the most preferred language the console has', () => {
    expect(pickLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLanguage('fr-FR, de;q=0.7, en;q=0.5')).toBe('de-DE');
    expect(pickLanguage('en;q=0.2, de-AT;q=0.8')).toBe('de-DE');
    expect(pickLanguage('de-DE;q=0, zh')).toBe('zh-CN');
  });

  it('falls back to en-US', () => {
    expect(pickLanguage(undefined)).toBe('en-US');
    expect(pickLanguage('')).toBe('en-US');
    expect(pickLanguage('fr, it')).toBe('en-US');
  });
});
