import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/** sanitize-html, loaded with the first rich text to clean rather than at every start (it is a CommonJS package: required on the spot). */
let library: typeof SanitizeHtml | undefined;
const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions): string => {
  library ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return library(html, options);
};

/** Where the platform serves its uploaded files (`GET /boot/sys/common/view/*`): images there may be shown. */
const platformFilePrefix = '/boot/sys/common/view/';
const linkUrl = /^(https?:\/\/|mailto:)/i;
const imageUrl = /^https?:\/\//i;

/**
 * The allow-list of the console's rich text (announcements, the privacy policy and terms of use): paragraphs, headings, lists, bold, italic and
 * underline, links to http(s) and mailto, images from http(s) or the platform's own files. Scripts,
 * styles, event handlers and every other URL scheme are dropped, so a reader's console shows the
 * message as HTML without running anything an administrator (or an attacker with their session) wrote.
 */
const options: SanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a', 'img', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  // Schemes are checked below per tag; sanitize-html would otherwise let relative URLs through.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs): SanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      const kept: SanitizeHtml.Attributes = linkUrl.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      const allowed = imageUrl.test(src) || (src.startsWith(platformFilePrefix) && !src.includes('..'));
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: allowed ? { ...rest, src } : rest };
    },
  },
  // An image whose address was refused is no image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options).trim();

/** The message as plain text, whitespace folded, shortened for lists and the bell. */
export const plainAbstract = (html: string, max = 200): string => {
  const plain = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** A plain text (a system message) as the HTML of one paragraph per line. */
export const textToHtml = (text: string): string =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => escapes[c] ?? c)}</p>`)
    .join('');
