import { ServerCode, imageMimeTypes, limits, ticketAttachmentMimeTypes, ticketLimits } from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors.js';
import { cleanFileName } from '../lib/file-name.js';
import { attachment } from './spreadsheet.js';

/**
 * The one content check every upload goes through (the upload route's kinds, spreadsheet imports,
 * firmware): the size is held while the request streams in, the type is judged from the content's
 * first bytes (never the name or the declared type), and stored files are served with the judged
 * type, `nosniff`, and as an attachment unless they are a raster image.
 */

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A legacy .xls (an OLE compound file). */
const xlsType = 'application/x-cfb';

interface UploadRule {
  maxBytes: number;
  /** Content types accepted, as sniffed; null for any binary that is not markup (firmware). */
  types: ReadonlySet<string> | null;
  /** What the kind accepts, for the refusal. */
  wanted: string;
  /** The extensions a name must end in, when the kind's spec names them (imports: .xls or .xlsx). */
  extensions?: readonly string[];
}

const rules = {
  avatar: { maxBytes: limits.imageMaxBytes, types: new Set<string>(imageMimeTypes), wanted: 'a JPG or PNG image' },
  /** A station's image (spec section 5: JPG or PNG under 2 MB). */
  station: { maxBytes: limits.imageMaxBytes, types: new Set<string>(imageMimeTypes), wanted: 'a JPG or PNG image' },
  /** An image in rich text (announcements, the privacy policy and terms; spec: biz jeditor). */
  jeditor: { maxBytes: limits.imageMaxBytes, types: new Set<string>(imageMimeTypes), wanted: 'a JPG or PNG image' },
  /** A ticket's or reply's attachment (spec section 5: each under 2 MB; an image or a PDF). */
  ticket: { maxBytes: ticketLimits.attachmentBytesMax, types: new Set<string>(ticketAttachmentMimeTypes), wanted: 'an image (JPG, PNG, GIF, WebP) or a PDF' },
  /** The editable grid's file cells. */
  temp: { maxBytes: limits.fileMaxBytes, types: new Set<string>([...imageMimeTypes, 'application/pdf', xlsxType, xlsType]), wanted: 'an image, PDF or Excel file' },
  /** An import's workbook (spec: Excel only, .xls or .xlsx). A bare ZIP is left to the reader, which judges the workbook inside. */
  spreadsheet: { maxBytes: limits.fileMaxBytes, types: new Set<string>([xlsxType, xlsType, 'application/zip']), wanted: 'an Excel workbook (.xls or .xlsx)', extensions: ['xls', 'xlsx'] },
  /** A logger's or battery's firmware: any binary, only ever served as a download. */
  firmware: { maxBytes: limits.fileMaxBytes, types: null, wanted: 'a firmware file' },
} as const satisfies Record<string, UploadRule>;

export type UploadKind = keyof typeof rules;
export const uploadKinds = Object.keys(rules) as UploadKind[];
export const uploadMaxBytes = (kind: UploadKind): number => rules[kind].maxBytes;
/** The most any kind takes: the multipart parser's own ceiling. */
export const anyUploadMaxBytes = Math.max(...Object.values(rules).map((rule) => rule.maxBytes));

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const tooLarge = (field: string, maxBytes: number) =>
  new AppError(ServerCode.OUT_OF_RANGE, `${field}: must be smaller than ${megabytes(maxBytes)}`, 413, [{ field, message: `is too large (at most ${megabytes(maxBytes)})` }]);

const refused = (field: string, message: string, httpStatus = 415) => new AppError(ServerCode.INCORRECT_PARAMETER, `${field}: ${message}`, httpStatus, [{ field, message }]);

// ---------------------------------------------------------------------------------------------
// Receiving: the multipart body, held to the kind's size while it streams in.

export interface ReceivedUpload {
  content: Buffer;
  fileName: string;
  /** The form's text fields, in whichever order they came. */
  fields: ReadonlyMap<string, string>;
}

/** @fastify/multipart's own refusals, by code, said about the field. */
const multipartRefusal = (error: unknown, field: string, maxBytes: number): AppError | null => {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(field, maxBytes);
    case 'FST_FILES_LIMIT':
      return refused(field, 'send one file per request', 413);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return refused(field, 'the form has too many fields', 413);
    case 'FST_PROTO_VIOLATION':
      return refused(field, 'the form has a field name that is not allowed', 400);
    case 'FST_MP_PREMATURE_CLOSE':
      return refused(field, 'the upload was cut off before its end', 400);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refused(field, 'send multipart/form-data with a "file" part', 400);
    default:
      // busboy's own words for a malformed body ("Unexpected end of form", "Malformed part header").
      return error instanceof Error && !(error instanceof AppError) && /multipart|form|part|boundary/i.test(error.message) ? refused(field, `the form could not be read (${error.message})`, 400) : null;
  }
};

/**
 * Reads the one file of a multipart request and its text fields. `maxBytesFor` gives the limit from
 * the fields seen so far (the query's or a field sent before the file, such as `biz`): the reading
 * stops and the request is refused with 413 the moment the file passes it, so an oversize upload is
 * never held whole. Fields that come after the file are checked again once the form has ended.
 */
export async function receiveUpload(request: FastifyRequest, maxBytesFor: (fields: ReadonlyMap<string, string>) => number, field = 'file'): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(ServerCode.INCORRECT_PARAMETER, `${field}: send multipart/form-data with a "${field}" part`, [{ field, message: 'is required' }]);
  const fields = new Map<string, string>();
  let file: { content: Buffer; fileName: string } | undefined;
  let maxBytes = maxBytesFor(fields);
  try {
    // The parser's own limit is a byte over the largest kind's, so the count below always speaks first
    // (at the parser's limit it would drop the rest of the body quietly, reading it all).
    for await (const part of request.parts({ limits: { fileSize: anyUploadMaxBytes + 1 } })) {
      if (part.type !== 'file') {
        fields.set(part.fieldname, String(part.value));
        continue;
      }
      maxBytes = maxBytesFor(fields);
      const chunks: Buffer[] = [];
      let received = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        received += chunk.length;
        // Leaving the loop destroys the stream, and the parser stops reading the request.
        if (received > maxBytes) throw tooLarge(field, maxBytes);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge(field, maxBytes);
      // The name is only a label: bidirectional and other control characters go (file-name.ts), and
      // its extension is judged on what is left.
      file = { content: Buffer.concat(chunks, received), fileName: cleanFileName(part.filename) };
    }
  } catch (error) {
    throw multipartRefusal(error, field, maxBytes) ?? error;
  }
  if (!file) throw badRequest(ServerCode.INCORRECT_PARAMETER, `${field}: is required`, [{ field, message: 'is required' }]);
  maxBytes = maxBytesFor(fields);
  if (file.content.length > maxBytes) throw tooLarge(field, maxBytes);
  return { ...file, fields };
}

// ---------------------------------------------------------------------------------------------
// Judging the content.

export interface SniffedType {
  mime: string;
  /** The extension the file is stored under. */
  ext: string;
}

/** Markup a browser would run or render as a document, whatever the name says. */
const markupPattern = /^\s*<(?:\?xml|!doctype|!--|html|svg|script|body|head|iframe|object|embed|xsl|div|a\s|img\s|meta|style|title)/i;
const markupAnywhere = /<(?:svg|html|script|iframe)[\s>/]/i;

const markupTypes = /xml|html|svg/i;

/** What text content is, when it is text: the kind of markup, or 'text' for plain text and CSV. */
function textKind(head: Buffer): 'markup' | 'text' | null {
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  else if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'text';
  const body = head.subarray(start);
  if (body.includes(0)) return null;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(body);
  const replaced = (decoded.match(/\uFFFD/g) ?? []).length;
  // A few broken characters at the cut are fine; a binary file has many.
  if (replaced > 4) return null;
  return markupPattern.test(decoded) || markupAnywhere.test(decoded) ? 'markup' : 'text';
}

const names: Record<string, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'image/bmp': 'a BMP image',
  'image/tiff': 'a TIFF image',
  'image/heic': 'a HEIC image',
  'image/avif': 'an AVIF image',
  'application/pdf': 'a PDF',
  'application/zip': 'a ZIP archive',
  'application/xml': 'an XML document',
  [xlsxType]: 'an Excel workbook',
  [xlsType]: 'an Office document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'a PowerPoint presentation',
};
const nameOf = (type: SniffedType) => names[type.mime] ?? `${/^[aeiou]/i.test(type.ext) ? 'an' : 'a'} ${type.ext.toUpperCase()} file`;

/** The extensions a file name may carry for each sniffed type (a name with another known extension is a mismatch). */
const extensionsOf: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'application/pdf': ['pdf'],
  // Either workbook extension for either container: Excel opens both, and so does the import.
  [xlsxType]: ['xlsx', 'xlsm', 'xls'],
  [xlsType]: ['xls', 'xlsx', 'doc', 'ppt'],
  'application/zip': ['zip', 'xlsx', 'xlsm', 'docx', 'pptx'],
};
/** Extensions that promise a type: naming a file so when its content is another is refused. */
const promisingExtensions = new Set([
  ...Object.values(extensionsOf).flat(),
  ...['svg', 'svgz', 'html', 'htm', 'xhtml', 'xml', 'js', 'mjs', 'css', 'txt', 'csv', 'doc', 'docx', 'ppt', 'pptx', 'tif', 'tiff', 'heic', 'avif', 'ico'],
]);

const extensionOf = (fileName: string): string => {
  const match = /\.([a-z0-9]{1,8})$/i.exec(fileName.trim());
  return match ? (match[1] ?? '').toLowerCase() : '';
};

/** The type the content is, from its first bytes; null for content that is no known binary format. */
export async function sniffType(content: Buffer): Promise<SniffedType | null> {
  // Loaded with the first upload rather than at every start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(content);
  return detected ? { mime: detected.mime, ext: detected.ext } : null;
}

export interface ContentCheckOptions {
  /** The request field the file came in (default `file`). */
  field?: string;
  /**
   * Refusals as an import's are (400, the field error on row 0 with "the file ..."), so a workbook
   * refused here reads like one the import's reader refused.
   */
  asImport?: boolean;
}

/**
 * Checks an upload's content against what its kind accepts and answers the sniffed type it is
 * stored and served as. Refusals (4xx) name the field and say why: empty, too large, markup (SVG,
 * HTML, XML, script) or text posing as a file, a type the kind does not take, a name whose
 * extension promises another type, or (for archives) what the archive would unpack to.
 */
export async function checkUploadContent(kind: UploadKind, fileName: string, content: Buffer, options: ContentCheckOptions = {}): Promise<SniffedType> {
  const field = options.field ?? 'file';
  const rule: UploadRule = rules[kind];
  // An import's refusals read as its row errors do; one whose file no parser can read is 4032 (parsing failed).
  const refuse = (reason: string, httpStatus = 415, code: number = ServerCode.INCORRECT_PARAMETER) =>
    options.asImport
      ? new AppError(code, `${field}: the file ${reason}`, 400, [{ row: 0, field, message: `the file ${reason}` }])
      : refused(field, reason, httpStatus);
  if (content.length > rule.maxBytes) throw tooLarge(field, rule.maxBytes);
  const extension = extensionOf(fileName);
  if (rule.extensions && !rule.extensions.includes(extension)) throw refuse(`must be ${rule.wanted}`, 400);
  if (content.length === 0) throw refuse('is empty', 400);
  const head = content.subarray(0, 4096);
  if (isZip(content)) {
    const archive = inspectZipArchive(content);
    if (!archive.ok) throw refuse(archive.reason.replace(/^the (file|archive) /, ''), 400, archive.damaged ? ServerCode.PARSING_FAILED : ServerCode.INCORRECT_PARAMETER);
  }
  const sniffed = await sniffType(content);
  // Markup has no magic number (file-type knows only `<?xml`): read as text, it is refused whatever it is named.
  const asText = !sniffed || markupTypes.test(sniffed.mime) ? textKind(head) : null;
  if (asText === 'markup') throw refuse(`is an SVG, HTML or XML document (markup a browser would run), not ${rule.wanted}`);
  if (!sniffed) {
    if (rule.types === null) return { mime: 'application/octet-stream', ext: 'bin' };
    if (asText === 'text') throw refuse(`is a text file, not ${rule.wanted}`);
    throw refuse(`must be ${rule.wanted}`);
  }
  if (rule.types !== null && !rule.types.has(sniffed.mime)) throw refuse(`is ${nameOf(sniffed)}; it must be ${rule.wanted}`);
  if (rule.types !== null && promisingExtensions.has(extension) && !(extensionsOf[sniffed.mime] ?? [sniffed.ext]).includes(extension)) {
    throw refuse(`is named .${extension} but is ${nameOf(sniffed)}: rename it or send the file it should be`);
  }
  // Firmware of any binary format: what it is does not matter, it is only ever downloaded.
  return rule.types === null ? { mime: 'application/octet-stream', ext: 'bin' } : sniffed;
}

// ---------------------------------------------------------------------------------------------
// Archives: what a ZIP (an .xlsx) would unpack to, read from its central directory before anything
// is inflated.

/** Limits for what one archive may unpack to; a 5000-row sheet is a few MB, a zip bomb gigabytes. */
export const archiveLimits = {
  totalUncompressedBytes: 100 * 1024 * 1024,
  entries: 2000,
  /** Uncompressed to compressed, for entries past `ratioFromBytes` (sheet XML deflates some 10 to 30 times). */
  compressionRatio: 200,
  ratioFromBytes: 1024 * 1024,
} as const;

/** `damaged`: the archive's own structure is broken (not a refusal of what it holds). */
export type ArchiveInspection = { ok: true; entries: number; uncompressedBytes: number } | { ok: false; reason: string; damaged?: true };

const zipLocalMagic = 0x04034b50;
const zipEndMagic = 0x06054b50;
const zip64LocatorMagic = 0x07064b50;
const zip64EndMagic = 0x06064b50;
const zipCentralMagic = 0x02014b50;

export const isZip = (content: Buffer): boolean => content.length >= 4 && content.readUInt32LE(0) === zipLocalMagic;

const damaged: ArchiveInspection = { ok: false, reason: 'the archive is damaged: its directory could not be read', damaged: true };

/**
 * Reads a ZIP's central directory (ZIP64 too) and refuses an archive whose entries would unpack to
 * more than the limits allow: total size, entry count, or a compression ratio no real document has.
 * Sizes an archive declares can lie; the spreadsheet reader also holds the inflater to the total
 * declared here (see `spreadsheet-import.ts`).
 */
export function inspectZipArchive(content: Buffer, bounds: typeof archiveLimits = archiveLimits): ArchiveInspection {
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  const searchFrom = Math.max(0, content.length - 22 - 0xffff);
  let end = -1;
  for (let at = content.length - 22; at >= searchFrom; at--) {
    if (content.readUInt32LE(at) === zipEndMagic) {
      end = at;
      break;
    }
  }
  if (end < 0) return damaged;
  let entries = content.readUInt16LE(end + 10);
  let directorySize = content.readUInt32LE(end + 12);
  let directoryOffset = content.readUInt32LE(end + 16);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || content.readUInt32LE(locator) !== zip64LocatorMagic) return damaged;
    const zip64End = Number(content.readBigUInt64LE(locator + 8));
    if (zip64End + 56 > content.length || content.readUInt32LE(zip64End) !== zip64EndMagic) return damaged;
    entries = Number(content.readBigUInt64LE(zip64End + 32));
    directorySize = Number(content.readBigUInt64LE(zip64End + 40));
    directoryOffset = Number(content.readBigUInt64LE(zip64End + 48));
  }
  if (entries > bounds.entries) return { ok: false, reason: `the archive holds ${entries} files (at most ${bounds.entries}): it is not an ordinary document` };
  if (directoryOffset + directorySize > content.length) return damaged;
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== zipCentralMagic) return damaged;
    let compressed = content.readUInt32LE(at + 20);
    let uncompressed = content.readUInt32LE(at + 24);
    const nameLength = content.readUInt16LE(at + 28);
    const extraLength = content.readUInt16LE(at + 30);
    const commentLength = content.readUInt16LE(at + 32);
    if (uncompressed === 0xffffffff || compressed === 0xffffffff) {
      // The ZIP64 extra field (0x0001) holds the 64-bit sizes, uncompressed first.
      const extraStart = at + 46 + nameLength;
      let sizes: { uncompressed: number; compressed: number } | null = null;
      for (let cursor = extraStart; cursor + 4 <= extraStart + extraLength && cursor + 4 <= content.length; ) {
        const id = content.readUInt16LE(cursor);
        const size = content.readUInt16LE(cursor + 2);
        if (id === 0x0001) {
          let field = cursor + 4;
          const read = () => {
            if (field + 8 > content.length) return 0;
            const value = Number(content.readBigUInt64LE(field));
            field += 8;
            return value;
          };
          const big = uncompressed === 0xffffffff ? read() : uncompressed;
          const small = compressed === 0xffffffff ? read() : compressed;
          sizes = { uncompressed: big, compressed: small };
          break;
        }
        cursor += 4 + size;
      }
      if (!sizes) return damaged;
      uncompressed = sizes.uncompressed;
      compressed = sizes.compressed;
    }
    total += uncompressed;
    if (total > bounds.totalUncompressedBytes) {
      return { ok: false, reason: `the file unpacks to more than ${megabytes(bounds.totalUncompressedBytes)}: it is not an ordinary spreadsheet or document` };
    }
    if (uncompressed >= bounds.ratioFromBytes && uncompressed > Math.max(1, compressed) * bounds.compressionRatio) {
      return { ok: false, reason: `the file is compressed more than ${bounds.compressionRatio} to 1: it is not an ordinary spreadsheet or document` };
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries, uncompressedBytes: total };
}

// ---------------------------------------------------------------------------------------------
// Serving.

/**
 * What a browser may show in place: raster images only. A PDF may carry JavaScript and forms that a
 * browser's viewer runs or draws on the console's own origin, so it is a download like anything else.
 */
const inlineTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
const typeByExtension: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', pdf: 'application/pdf', xlsx: xlsxType, xls: 'application/vnd.ms-excel' };

/**
 * The headers a stored file is served with: the type judged at upload (from its row, else from the
 * extension it was stored under, which was also judged), `nosniff`, and `attachment` (with the
 * uploaded name, cleaned of control characters) for anything but a raster image.
 */
export function storedFileHeaders(path: string, stored: { mime: string | null; name: string | null } | null): Record<string, string> {
  const type = stored?.mime ?? typeByExtension[extensionOf(path)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff' };
  if (!inlineTypes.has(type)) headers['content-disposition'] = attachment(stored?.name || path.slice(path.lastIndexOf('/') + 1));
  return headers;
}
