import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isJeecgRequest, rewriteJeecgUrl, toJeecgTimes } from './jeecg-wire.plugin.js';

const raw = (url: string) => ({ url }) as IncomingMessage;

describe('the JeecgBoot wire', () => {
  it('routes /jeecg-boot/… as /boot/… and remembers the request, nothing else', () => {
    const jeecg = raw('/jeecg-boot/sys/user/list?pageNo=1');
    expect(rewriteJeecgUrl(jeecg)).toBe('/boot/sys/user/list?pageNo=1');
    expect(isJeecgRequest(jeecg)).toBe(true);
    for (const url of ['/boot/sys/user/list', '/jeecg-bootleg/x', '/user/login', '/']) {
      const other = raw(url);
      expect(rewriteJeecgUrl(other)).toBe(url);
      expect(isJeecgRequest(other)).toBe(false);
    }
  });

  it('writes a time value as YYYY-MM-DD HH:mm:ss and leaves text that only holds one alone', () => {
    expect(toJeecgTimes('{"createTime":"2026-12-04T09:30:05.123Z","birthday":"1990-05-01","n":3}')).toBe('{"createTime":"2026-12-04 09:30:05","birthday":"1990-05-01","n":3}');
    expect(toJeecgTimes('{"records":[{"t":"2026-01-01T00:00:00Z"},{"t":null}]}')).toBe('{"records":[{"t":"2026-01-01 00:00:00"},{"t":null}]}');
    const note = '{"memo":"seen at 2026-12-04T09:30:05.123Z","quoted":"\\"2026-12-04T09:30:05Z\\" said","open":"say \\"2026-12-04T09:30:05Z"}';
    expect(toJeecgTimes(note)).toBe(note);
  });
});
