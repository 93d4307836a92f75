import type { TestApp } from './test-app.js';

/** A real 1x1 PNG. */
export const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A multipart/form-data body and its content type. */
export const multipart = (parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) => {
  const boundary = '----cellsight' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Uploads a file through /sys/common/upload as the token's user. */
export const upload = (t: TestApp, token: string, file: Buffer, filename: string, type = 'image/png', biz = 'avatar') =>
  t.request({ method: 'POST', url: '/boot/sys/common/upload', token, ...multipart([{ name: 'biz', value: biz }, { name: 'file', value: file, filename, type }]) });
