import { describe, expect, it } from 'vitest';
import { fileUrl } from './api-client';

describe('fileUrl', () => {
  it('turns a stored upload path into its view address', () => {
    expect(fileUrl('avatar/20261124/0123456789abcdef0123456789abcdef.png')).toBe('/boot/sys/common/view/avatar/20261124/0123456789abcdef0123456789abcdef.png');
  });

  it('never turns anything else into an address for <img src>', () => {
    for (const value of ['https://evil.example/t.png', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x.png', 'avatar/../../x.png', '', null, undefined]) {
      expect(fileUrl(value)).toBeUndefined();
    }
  });
});
