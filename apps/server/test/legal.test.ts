import { type LegalText, type LegalTextEdit, Permission, ServerCode, legalDefaultText, legalEndpoints, menuEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textToHtml } from '../src/lib/rich-text-html.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  admin = await t.login('admin', adminPassword);
});
afterAll(async () => {
  await t?.close();
});

// The visitor's language comes as Accept-Language, which `t.call` does not send.
const read = async (kind: string, language?: string): Promise<LegalText> => {
  const response = await t.request({ method: 'GET', url: `/boot/sys/public/legal?kind=${kind}`, headers: language ? { 'accept-language': language } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as LegalText;
};
const edit = (token: string, body: LegalTextEdit) => t.call(legalEndpoints.edit, { token, body });

describe('the privacy policy and terms of use', () => {
  it('are public, in the visitor’s language, the platform’s own until an administrator writes one', async () => {
    expect(await read('privacy')).toEqual({ kind: 'privacy', language: 'en-US', content: textToHtml(legalDefaultText('privacy', 'en-US')), updateBy: null, updateTime: null });
    expect((await read('condition', 'zh-CN')).content).toBe(textToHtml(legalDefaultText('condition', 'zh-CN')));
    expect((await read('privacy')).content).toMatch(/^<p>This console is run by the operator[^<]*<\/p><p>Your account: /);
    expect((await read('condition', 'de-DE')).content).toContain('Fernbefehle');
    const bad = await t.request({ method: 'GET', url: '/boot/sys/public/legal?kind=cookies' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('kind');
  });

  it('take an administrator’s text for one language, leaving the others', async () => {
    const { envelope, response } = await edit(admin, { kind: 'privacy', language: 'de-DE', content: '  Betreiber: Muster GmbH.\n\nWir speichern Messwerte.  ' });
    expect(envelope, response.body).toMatchObject({ success: true, code: ServerCode.EDITED });
    const german = await read('privacy', 'de-DE');
    expect(german).toMatchObject({ content: '<p>Betreiber: Muster GmbH.</p><p>Wir speichern Messwerte.</p>', updateBy: 'admin' });
    expect(german.updateTime).not.toBeNull();
    expect((await read('privacy', 'en-US')).content).toBe(textToHtml(legalDefaultText('privacy', 'en-US')));
    const all = (await t.call(legalEndpoints.list, { token: admin })).envelope.result;
    expect(all).toHaveLength(6);
    expect(all.find((text) => text.kind === 'privacy' && text.language === 'de-DE')?.updateBy).toBe('admin');
  });

  it('keep rich text within the allow-list: headings, lists, links and the platform’s own images, never scripts', async () => {
    const html =
      '<h3>Operator</h3><p onclick="steal()">Muster <strong>GmbH</strong> <a href="javascript:alert(1)">x</a> <a href="https://muster.example">site</a></p>' +
      '<ul><li>one</li></ul><script>alert(1)</script><img src="/boot/sys/common/view/jeditor/20261125/a.png" onerror="steal()"><img src="data:image/png;base64,AAAA">';
    expect((await edit(admin, { kind: 'condition', language: 'de-DE', content: html })).statusCode).toBe(200);
    expect((await read('condition', 'de-DE')).content).toBe(
      '<h3>Operator</h3><p>Muster <strong>GmbH</strong> <a>x</a> <a href="https://muster.example" target="_blank" rel="noopener noreferrer">site</a></p>' +
        '<ul><li>one</li></ul><img src="/boot/sys/common/view/jeditor/20261125/a.png" />',
    );
    const onlyScript = await edit(admin, { kind: 'condition', language: 'de-DE', content: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.response.json().result.errors).toEqual([{ field: 'content', message: 'is required' }]);
  });

  it('refuse an empty text, naming the field, and keep the one before', async () => {
    const before = await read('condition', 'en-US');
    const response = await edit(admin, { kind: 'condition', language: 'en-US', content: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.envelope.message).toContain('content');
    expect(await read('condition', 'en-US')).toEqual(before);
  });

  it('are written by administrators only', async () => {
    const installer = await t.login('installer', 'Installer2026');
    expect((await edit(installer, { kind: 'privacy', language: 'en-US', content: 'Mine now.' })).statusCode).toBe(403);
    expect((await t.call(legalEndpoints.list, { token: installer })).statusCode).toBe(403);
    expect((await edit('', { kind: 'privacy', language: 'en-US', content: 'Mine now.' })).statusCode).toBe(401);
    const { auth } = (await t.call(menuEndpoints.userPermissions, { token: admin })).envelope.result;
    expect(auth.map((a) => a.action)).toContain(Permission.LegalEdit);
  });
});
