import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_TYPES, MAX_FILE_NAME_LENGTH, type AttachmentType } from '@goc/contracts';

/*
 * The type of a file from its first bytes, never from its name or the browser's word: an EXE named
 * .pdf is refused, a PDF named .jpg is a PDF. Binary formats by their signature (file-type, which
 * also looks inside Office zips); text has none, so it is accepted as text, CSV or XML only when it
 * is text and not markup a browser would run (HTML, SVG).
 */

/** Bytes read before deciding (file-type needs a few KB; Office zips list their parts near the start). */
export const SNIFF_BYTES = 64 * 1024;

const isAccepted = (mime: string): mime is AttachmentType => Object.hasOwn(ATTACHMENT_TYPES, mime);

/** C0 controls other than tab, line feed, form feed and carriage return (and NUL) never occur in text. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/;

/** Markup a browser renders or runs, whatever the declared type. */
const ACTIVE_MARKUP = /<(!doctype\s+html|html[\s>]|svg[\s>]|script[\s>])|xmlns\s*=\s*["']http:\/\/www\.w3\.org\/(2000\/svg|1999\/xhtml)/i;

/** The sample as text: UTF-8, or a legacy 8-bit encoding (Excel's CSV in Windows-1252) — any byte but controls. */
function asText(sample: Buffer): string | null {
  const text = sample.toString('latin1');
  return BINARY.test(text) ? null : text;
}

function textType(sample: Buffer, fileName: string): AttachmentType | null {
  const text = asText(sample);
  if (text === null) return null;
  const head = text.replace(/^\u00ef\u00bb\u00bf/, '').trimStart();
  if (head.startsWith('<')) {
    if (ACTIVE_MARKUP.test(text)) return null;
    return /^<\?xml\s/i.test(head) || /^<[A-Za-z_][\w:.-]*[\s>/]/.test(head) ? 'application/xml' : null;
  }
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** The accepted type of a file from its first bytes (up to SNIFF_BYTES), or null when it is not one GOC keeps. */
export async function sniffType(sample: Buffer, fileName: string): Promise<AttachmentType | null> {
  if (sample.length === 0) return null;
  const detected = await fileTypeFromBuffer(sample);
  if (detected) {
    if (detected.mime === 'application/xml') return ACTIVE_MARKUP.test(sample.toString('latin1')) ? null : 'application/xml';
    return isAccepted(detected.mime) ? detected.mime : null;
  }
  return textType(sample, fileName);
}

const EXTENSIONS: Readonly<Record<AttachmentType, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/xml': 'xml',
  'text/plain': 'txt',
  'text/csv': 'csv',
};

/** Controls, bidi overrides (a name that reads «fdp.exe» as «exe.pdf») and characters file systems refuse. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g;

/**
 * A file name safe to store and to send back: no folders, no control or direction characters, at most
 * MAX_FILE_NAME_LENGTH characters (the extension kept), never empty.
 */
export function cleanFileName(raw: string, type: AttachmentType): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE, '').replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '');
  const name = cleaned === '' ? `documento.${EXTENSIONS[type]}` : cleaned;
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return [...name.slice(0, name.length - extension.length)].slice(0, MAX_FILE_NAME_LENGTH - extension.length).join('').trimEnd() + extension;
}
