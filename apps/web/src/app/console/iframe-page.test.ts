import { describe, expect, it } from 'vitest';
import { isFrameAllowed } from './iframe-page';

describe('isFrameAllowed', () => {
  const origins = ['https://grafana.example.org', 'https://*.docs.example.com', 'http://127.0.0.1:3000'];

  it('frames only pages of the allowed origins', () => {
    expect(isFrameAllowed('https://grafana.example.org/d/abc?orgId=1', origins)).toBe(true);
    expect(isFrameAllowed('https://eu.docs.example.com/guide', origins)).toBe(true);
    expect(isFrameAllowed('http://127.0.0.1:3000/', origins)).toBe(true);
  });

  it('refuses another scheme, port, host, a look-alike host and a bad address', () => {
    expect(isFrameAllowed('http://grafana.example.org/', origins)).toBe(false);
    expect(isFrameAllowed('http://127.0.0.1:3001/', origins)).toBe(false);
    expect(isFrameAllowed('https://docs.example.com/', origins)).toBe(false);
    expect(isFrameAllowed('https://grafana.example.org.evil.net/', origins)).toBe(false);
    expect(isFrameAllowed('javascript:alert(1)', origins)).toBe(false);
    expect(isFrameAllowed('not a url', origins)).toBe(false);
    expect(isFrameAllowed('https://grafana.example.org/', [])).toBe(false);
  });
});
