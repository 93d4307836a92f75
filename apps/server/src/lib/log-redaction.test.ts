import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction.js';

describe('redactSecrets', () => {
  it('removes credentials from URLs, error texts and header dumps', () => {
    const token = 'Qm9vdFRva2VuLXNlY3JldC12YWx1ZS0xMjM0NTY3ODk';
    const cases: [string, string][] = [
      [`/boot/websocket?token=${token}`, '/boot/websocket?token=[redacted]'],
      [`/boot/x?a=1&TOKEN=${token}&b=2`, '/boot/x?a=1&TOKEN=[redacted]&b=2'],
      [`redirect=%2Fboot%2Fwebsocket%3Ftoken%3D${token}`, 'redirect=%2Fboot%2Fwebsocket%3Ftoken%3D[redacted]'],
      [`/user/login?thirdToken=${token}&thirdType=oauth`, '/user/login?thirdToken=[redacted]&thirdType=oauth'],
      [`/sys/thirdLogin/getLoginUser/${token}/oauth`, '/sys/thirdLogin/getLoginUser/[redacted]/oauth'],
      ['/boot/sys/thirdLogin/oauth/callback?code=abc&state=def&error=x', '/boot/sys/thirdLogin/oauth/callback?code=[redacted]&state=[redacted]&error=x'],
      [`{"headers":{"x-access-token":"${token}","Authorization":"Bearer ${token}"}}`, '{"headers":{"x-access-token":"[redacted]","Authorization":"[redacted]"}}'],
      [`request failed: Bearer ${token}`, 'request failed: Bearer [redacted]'],
      ['consuming from mqtt://cellsight:s3cret@broker:1883', 'consuming from mqtt://cellsight:[redacted]@broker:1883'],
      [`"stack":"Error: failed for /boot/vxeSocket/1/p?token=${token}\\n    at x"`, '"stack":"Error: failed for /boot/vxeSocket/1/p?token=[redacted]\\n    at x"'],
    ];
    for (const [text, expected] of cases) expect(redactSecrets(text)).toBe(expected);
  });

  it('leaves everything else as it was', () => {
    for (const text of ['/boot/sys/area/path?code=110000', '/boot/sys/user/list?pageNo=1&tokenizer=x', 'http://console.example.com:8080/boot/health', '{"msg":"incoming request","url":"/boot/sys/login"}']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});
