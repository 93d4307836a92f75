import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ServerCode } from '@cellsight/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';
import { multipart, png, upload } from './support/upload.js';

/**
 * Issue 13, uploads: every kind of upload (avatars, station images, rich-text images, ticket
 * attachments, grid files, firmware, spreadsheet imports) goes through one content check: the type
 * is judged from the content, markup posing as an image is refused, the size is held while the
 * request streams in, stored files are served as what they are with nosniff, and an archive bomb
 * is refused from its directory before anything is inflated.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

const imageKinds = ['avatar', 'station', 'jeditor', 'ticket', 'temp'] as const;

const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>\n');
const html = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/boot/sys/user/list")</script></body></html>\n');
/** A minimal PDF (file-type knows it by its header). */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

const refusal = (response: LightMyRequestResponse) => {
  const body = response.json() as { success: boolean; code: number; message: string; result: { errors: { field: string; message: string; row?: number }[] } | null };
  expect(body.success, response.body).toBe(false);
  return body;
};

/** An .xlsx of these rows, as Excel would save it. */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface ZipEntry {
  name: string;
  /** The entry's bytes as stored (deflated when `deflated`). */
  data: Buffer;
  crc: number;
  size: number;
  deflated: boolean;
}

/** A ZIP archive of these entries; `declare` may state other sizes than the real ones (a lying directory). */
function zipArchive(entries: ZipEntry[], declare: (entry: ZipEntry) => number = (entry) => entry.size): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(declare(entry), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflated ? 8 : 0, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(declare(entry), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A deflated entry of `megabytes` MB of zeros, made a megabyte at a time (never 200 MB in memory). */
async function zerosEntry(name: string, megabytes: number): Promise<ZipEntry> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (data: Buffer) => output.push(data));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let index = 0; index < megabytes; index++) {
    crc = zlib.crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { name, data: Buffer.concat(output), crc, size: megabytes * 1024 * 1024, deflated: true };
}

const storedEntry = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, crc: zlib.crc32(data), size: data.length, deflated: false };
};

/** The parts of an .xlsx around a worksheet, so the bomb looks like a workbook to every reader. */
const workbookFrame = [
  storedEntry('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'),
  storedEntry('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>'),
];

const importTo = (url: string, file: Buffer, filename: string) => t.request({ method: 'POST', url, token: admin, ...multipart([{ name: 'file', value: file, filename }]) });

/** Heap and buffer memory at its highest while `work` runs, over what it was before. */
async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthBytes: number; elapsedMs: number }> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const before = used();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 2);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, used());
    return { result, growthBytes: peak - before, elapsedMs: performance.now() - started };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A multipart request whose file part is `fileBytes` long, produced as the server reads it, that
 * holds back everything past `holdAfter` bytes until `release()`: the server can answer only if it
 * decides without the rest of the body (were it to read the whole file first, it would wait forever).
 */
function streamedUpload(fields: { name: string; value: string }[], fileBytes: number, holdAfter: number, filename: string) {
  const boundary = `----cellsight${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    fields.map((field) => `--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n${field.value}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = Readable.from(
    (async function* () {
      yield Buffer.concat([head, png]);
      let sent = png.length;
      while (sent < fileBytes) {
        if (sent > holdAfter) await released;
        const size = Math.min(chunk.length, fileBytes - sent);
        sent += size;
        yield chunk.subarray(0, size);
      }
      yield tail;
    })(),
    { objectMode: false },
  );
  return { stream, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, release };
}

/** The answer, or null when none came within `ms`. */
const within = <T>(ms: number, answer: Promise<T>): Promise<T | null> =>
  Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

describe('uploads are judged by their content', () => {
  it('refuses SVG and HTML named .png for every kind of upload, naming the file field, and stores nothing', async () => {
    for (const kind of imageKinds) {
      for (const [label, content] of [['svg', svg], ['html', html]] as const) {
        const response = await upload(t, admin, content, 'photo.png', 'image/png', kind);
        expect(response.statusCode, `${kind} ${label}`).toBe(415);
        const body = refusal(response);
        expect(body.code).toBe(ServerCode.INCORRECT_PARAMETER);
        expect(body.message).toMatch(/^file: is an SVG, HTML or XML document/);
        expect(body.result?.errors).toEqual([{ field: 'file', message: expect.stringContaining('SVG, HTML or XML') }]);
      }
    }
    const files = await t.request({ method: 'GET', url: '/boot/sys/file/list', token: admin });
    expect(files.json().result.total).toBe(0);
  });

  it('stores a real PNG of every kind and serves it as a PNG, with nosniff, shown in place', async () => {
    for (const kind of imageKinds) {
      const response = await upload(t, admin, png, 'photo.png', 'image/svg+xml', kind);
      expect(response.statusCode, response.body).toBe(200);
      const path = response.json().message as string;
      expect(path).toMatch(new RegExp(`^${kind}/\\d{8}/[0-9a-f]{32}\\.png$`));
      const view = await t.request({ method: 'GET', url: `/boot/sys/common/view/${path}`, token: admin });
      expect(view.statusCode).toBe(200);
      // The declared image/svg+xml is never what the file is served as.
      expect(view.headers['content-type']).toBe('image/png');
      expect(view.headers['x-content-type-options']).toBe('nosniff');
      expect(view.headers['content-disposition']).toBeUndefined();
      expect(view.rawPayload.equals(png)).toBe(true);
    }
  });

  it('refuses a file whose name promises another type than its content, and what a kind does not take', async () => {
    const misnamed = await upload(t, admin, png, 'scan.pdf', 'application/pdf', 'ticket');
    expect(misnamed.statusCode).toBe(415);
    expect(refusal(misnamed).message).toBe('file: is named .pdf but is a PNG image: rename it or send the file it should be');
    const pdfAvatar = await upload(t, admin, pdf, 'me.pdf', 'application/pdf', 'avatar');
    expect(pdfAvatar.statusCode).toBe(415);
    expect(refusal(pdfAvatar).message).toBe('file: is a PDF; it must be a JPG or PNG image');
    const text = await upload(t, admin, Buffer.from('just some words\n'), 'notes.png', 'image/png', 'station');
    expect(refusal(text).message).toBe('file: is a text file, not a JPG or PNG image');
    const empty = await upload(t, admin, Buffer.alloc(0), 'empty.png', 'image/png', 'avatar');
    expect(empty.statusCode).toBe(400);
    expect(refusal(empty).result?.errors).toEqual([{ field: 'file', message: 'is empty' }]);
  });

  it('serves a PDF and a workbook as downloads, each as the type it was judged to be', async () => {
    const attachment = await upload(t, admin, pdf, 'report.pdf', 'text/html', 'ticket');
    const pdfView = await t.request({ method: 'GET', url: `/boot/sys/common/view/${attachment.json().message}`, token: admin });
    expect(pdfView.headers['content-type']).toBe('application/pdf');
    expect(pdfView.headers['x-content-type-options']).toBe('nosniff');
    // A PDF may carry script that a browser's viewer would run on the console's origin.
    expect(pdfView.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);

    const sheet = await workbook([['Code', 'Name'], ['A1', 'Alpha']]);
    const stored = await upload(t, admin, sheet, 'plan.xlsx', 'text/html', 'temp');
    expect(stored.statusCode, stored.body).toBe(200);
    const sheetView = await t.request({ method: 'GET', url: `/boot/sys/common/view/${stored.json().message}`, token: admin });
    expect(sheetView.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sheetView.headers['x-content-type-options']).toBe('nosniff');
    expect(sheetView.headers['content-disposition']).toBe(`attachment; filename="plan.xlsx"; filename*=UTF-8''plan.xlsx`);
  });
});

describe('upload sizes are held while the request streams in', () => {
  it('refuses an oversize image while the rest of it has not even been sent, naming the file field', async () => {
    // 64 MB offered as an avatar (limit 2 MB), the client holding back all past 3 MB.
    const offer = streamedUpload([{ name: 'biz', value: 'avatar' }], 64 * 1024 * 1024, 3 * 1024 * 1024, 'huge.png');
    const response = await within(20_000, t.request({ method: 'POST', url: '/boot/sys/common/upload', token: admin, payload: offer.stream, headers: offer.headers }));
    offer.release();
    expect(response, 'no answer before the whole file was sent').not.toBeNull();
    expect(response!.statusCode).toBe(413);
    const body = refusal(response!);
    expect(body.code).toBe(ServerCode.OUT_OF_RANGE);
    expect(body.message).toBe('file: must be smaller than 2 MB');
    expect(body.result?.errors).toEqual([{ field: 'file', message: 'is too large (at most 2 MB)' }]);
  });

  it('holds firmware and imports to their 20 MB, and a kind named after the file to its own limit', async () => {
    for (const url of ['/boot/want/firmware/upload', '/boot/sys/position/importExcel', '/boot/want/logger/importPreview']) {
      const offer = streamedUpload([], 96 * 1024 * 1024, 21 * 1024 * 1024, 'big.xlsx');
      const response = await within(20_000, t.request({ method: 'POST', url, token: admin, payload: offer.stream, headers: offer.headers }));
      offer.release();
      expect(response, `${url}: no answer before the whole file was sent`).not.toBeNull();
      expect(response!.statusCode, url).toBe(413);
      expect(refusal(response!).result?.errors).toEqual([{ field: 'file', message: 'is too large (at most 20 MB)' }]);
    }
    // `biz` after the file: the file is read to the largest limit, then held to the avatar's.
    const late = await t.request({
      method: 'POST',
      url: '/boot/sys/common/upload',
      token: admin,
      ...multipart([{ name: 'file', value: Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), filename: 'late.png' }, { name: 'biz', value: 'avatar' }]),
    });
    expect(late.statusCode).toBe(413);
    expect(refusal(late).message).toBe('file: must be smaller than 2 MB');
  }, 90_000);

  it('takes one file per request and a few short fields', async () => {
    const two = await t.request({
      method: 'POST',
      url: '/boot/sys/common/upload',
      token: admin,
      ...multipart([{ name: 'biz', value: 'avatar' }, { name: 'file', value: png, filename: 'a.png' }, { name: 'file', value: png, filename: 'b.png' }]),
    });
    expect(two.statusCode).toBe(413);
    expect(refusal(two).result?.errors).toEqual([{ field: 'file', message: 'send one file per request' }]);
    const fields = Array.from({ length: 20 }, (_, index) => ({ name: `f${index}`, value: 'x' }));
    const crowded = await t.request({ method: 'POST', url: '/boot/sys/common/upload', token: admin, ...multipart([...fields, { name: 'file', value: png, filename: 'a.png' }]) });
    expect(crowded.statusCode).toBe(413);
    expect(refusal(crowded).result?.errors[0]?.field).toBe('file');
  });
});

describe('firmware: any binary, never markup, only ever downloaded', () => {
  const uploadFirmware = (content: Buffer, version: string, filename = `fw-${version}.bin`) =>
    t.request({
      method: 'POST',
      url: '/boot/want/firmware/upload',
      token: admin,
      ...multipart([
        { name: 'version', value: version },
        { name: 'deviceType', value: 'logger' },
        { name: 'sha256', value: sha256(content) },
        { name: 'file', value: content, filename, type: 'application/octet-stream' },
      ]),
    });

  it('refuses an HTML page sent as firmware and keeps a binary', async () => {
    const page = await uploadFirmware(html, '1.0.1', 'fw.bin');
    expect(page.statusCode).toBe(415);
    expect(refusal(page).result?.errors).toEqual([{ field: 'file', message: expect.stringContaining('SVG, HTML or XML') }]);
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 131) % 256));
    const kept = await uploadFirmware(binary, '1.0.2');
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

describe('spreadsheet imports refuse archive bombs before inflating them', () => {
  let bombEntry: ZipEntry;
  beforeAll(async () => {
    // 200 MB of zeros that deflate to some 200 KB.
    bombEntry = await zerosEntry('xl/worksheets/sheet1.xml', 200);
  });

  it('refuses a 200 MB bomb from its directory at once, with memory kept low, on every import', async () => {
    const bomb = zipArchive([...workbookFrame, bombEntry]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const url of ['/boot/sys/position/importExcel', '/boot/want/logger/importPreview', '/boot/want/logger/importExcel']) {
      const { result: response, growthBytes, elapsedMs } = await peakMemoryGrowth(() => importTo(url, bomb, 'positions.xlsx'));
      expect(response.statusCode, url).toBe(400);
      expect(refusal(response).result?.errors).toEqual([{ row: 0, field: 'file', message: 'the file unpacks to more than 100 MB: it is not an ordinary spreadsheet or document' }]);
      expect(elapsedMs, url).toBeLessThan(5000);
      expect(growthBytes, url).toBeLessThan(64 * 1024 * 1024);
    }
  });

  it('answers a workbook no parser can read with 4032 (parsing failed) on every import, and imports nothing', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    for (const url of ['/boot/sys/position/importExcel', '/boot/want/logger/importPreview', '/boot/want/logger/importExcel']) {
      const response = await importTo(url, damaged, 'positions.xlsx');
      expect(response.statusCode, url).toBe(400);
      expect(refusal(response), url).toMatchObject({ success: false, code: ServerCode.PARSING_FAILED, result: { errors: [{ row: 0, field: 'file', message: expect.stringContaining('could not be read') }] } });
    }
  });

  it('refuses an archive whose directory understates its sizes, cut off at what it declared', async () => {
    const liar = zipArchive([...workbookFrame, bombEntry], (entry) => (entry === bombEntry ? 10_000 : entry.size));
    const { result: response, growthBytes } = await peakMemoryGrowth(() => importTo('/boot/sys/position/importExcel', liar, 'positions.xlsx'));
    expect(response.statusCode).toBe(400);
    expect(refusal(response).result?.errors).toEqual([{ row: 0, field: 'file', message: expect.stringMatching(/unpacks to more than its archive declares|could not be read/) }]);
    expect(growthBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a compression ratio no spreadsheet has, and thousands of entries', async () => {
    const dense = zipArchive([...workbookFrame, await zerosEntry('xl/worksheets/sheet1.xml', 20)]);
    const ratio = await importTo('/boot/sys/position/importExcel', dense, 'positions.xlsx');
    expect(refusal(ratio).result?.errors[0]?.message).toBe('the file is compressed more than 200 to 1: it is not an ordinary spreadsheet or document');
    const crowded = zipArchive([...workbookFrame, ...Array.from({ length: 2500 }, (_, index) => storedEntry(`xl/media/${index}.txt`, 'x'))]);
    const many = await importTo('/boot/sys/position/importExcel', crowded, 'positions.xlsx');
    expect(refusal(many).result?.errors[0]?.message).toBe('the file holds 2502 files (at most 2000): it is not an ordinary document');
  });

  it('still imports an ordinary workbook, and refuses an SVG named .xlsx naming the file', async () => {
    const good = await importTo('/boot/sys/position/importExcel', await workbook([['Code', 'Name', 'Rank'], ['UPL1', 'Planner', '1'], ['UPL2', 'Buyer', '2']]), 'positions.xlsx');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().result).toEqual({ imported: 2 });
    const disguised = await importTo('/boot/sys/position/importExcel', svg, 'positions.xlsx');
    expect(disguised.statusCode).toBe(400);
    expect(refusal(disguised).result?.errors).toEqual([{ row: 0, field: 'file', message: expect.stringContaining('SVG, HTML or XML') }]);
  });
});
