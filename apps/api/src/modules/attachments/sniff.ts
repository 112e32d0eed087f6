import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_TYPES, MAX_FILE_NAME_LENGTH, type AttachmentType } from '@goc/contracts';

/*
 * The type of a file from its first bytes, never from its name or the browser's word: an EXE named
 * .pdf is refused, a PDF named .jpg is a PDF (and is stored as .pdf). Binary formats by their
 * signature (file-type, which also looks inside Office zips); text has none, so it is accepted as
 * text, CSV or XML only when every byte of it is text and none of it is markup a browser would
 * render or run (textGuard, over the whole file as it streams). The stored name's extension always
 * follows the detected type, and a text under a program's or script's extension is refused.
 */

/** Bytes read before deciding (file-type needs a few KB; Office zips list their parts near the start). */
export const SNIFF_BYTES = 64 * 1024;

const isAccepted = (mime: string): mime is AttachmentType => Object.hasOwn(ATTACHMENT_TYPES, mime);

/** C0 controls other than tab, line feed, form feed and carriage return (and NUL) never occur in text. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/;

/** The SVG, XHTML and XSLT namespaces, bound to any prefix or as the default: what turns XML into a page. */
const ACTIVE_NAMESPACE = String.raw`xmlns(?::[\w.-]{1,64})?\s*=\s*["']\s*https?://www\.w3\.org/(?:2000/svg|1999/xhtml|1999/XSL/Transform)`;

/**
 * Markup in an XML file: an active namespace under any prefix (`<s:svg xmlns:s="…/svg">`,
 * `<h:script>` in XHTML's), an HTML, SVG or script root or element, an HTML doctype, or an
 * xml-stylesheet (XSLT the browser would apply). Other local names (`<soap:Body>`) are XML's own.
 */
const XML_MARKUP = new RegExp(String.raw`${ACTIVE_NAMESPACE}|<\s*(?:[\w.-]{1,64}:)?(?:script|html|svg)(?=[\s/>])|<!doctype\s+html|<\?xml-stylesheet`, 'i');

/**
 * Markup in a plain text or CSV file, anywhere: the elements that run code, load other content or
 * turn the text into a page (with or without a namespace prefix), a tag with an event-handler
 * attribute or a javascript: address, an active namespace, an HTML doctype, an xml-stylesheet.
 */
const TEXT_MARKUP = new RegExp(
  [
    ACTIVE_NAMESPACE,
    String.raw`<\s*\/?\s*(?:[\w.-]{1,64}:)?(?:script|html|head|body|svg|math|iframe|frame|frameset|object|embed|applet|meta|link|base|form|img|style|template)(?=[\s/>])`,
    String.raw`<[A-Za-z][\w:.-]{0,64}\s[^<>]{0,1024}?(?:\bon[a-z]{2,32}\s*=|javascript\s*:)`,
    String.raw`<!doctype\s+html`,
    String.raw`<\?xml-stylesheet`,
  ].join('|'),
  'i',
);

/** Longer than any match of the patterns above: what a chunk keeps of the one before it, so markup split between two chunks is still seen. */
const CARRY = 2048;

/** The sample as text: UTF-8, or a legacy 8-bit encoding (Excel's CSV in Windows-1252) — any byte but controls. */
function asText(sample: Buffer): string | null {
  const text = sample.toString('latin1');
  return BINARY.test(text) ? null : text;
}

function textType(sample: Buffer, fileName: string): AttachmentType | null {
  const text = asText(sample);
  if (text === null) return null;
  const head = text.replace(/^\u00ef\u00bb\u00bf/, '').trimStart();
  if (head.startsWith('<')) return /^<\?xml\s/i.test(head) || /^<[A-Za-z_][\w:.-]*[\s>/]/.test(head) ? 'application/xml' : null;
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/** The accepted type of a file from its first bytes (up to SNIFF_BYTES), or null when it is not one GOC keeps. */
export async function sniffType(sample: Buffer, fileName: string): Promise<AttachmentType | null> {
  if (sample.length === 0) return null;
  const detected = await fileTypeFromBuffer(sample);
  if (detected) {
    if (detected.mime === 'application/xml') return asText(sample) === null ? null : 'application/xml';
    return isAccepted(detected.mime) ? detected.mime : null;
  }
  return textType(sample, fileName);
}

const isTextType = (type: AttachmentType) => type === 'application/xml' || type === 'text/plain' || type === 'text/csv';

/**
 * For a text type, the check of every piece of the file in order: false once a piece holds a control
 * character (it is not text after all: a polyglot) or markup (patterns above), also across two
 * pieces. Null for binary types, whose signature decided and whose stored type and name say what
 * they are.
 */
export function textGuard(type: AttachmentType): ((piece: Buffer) => boolean) | null {
  if (!isTextType(type)) return null;
  const markup = type === 'application/xml' ? XML_MARKUP : TEXT_MARKUP;
  let carried = '';
  return (piece) => {
    const text = piece.toString('latin1');
    if (BINARY.test(text)) return false;
    const window = carried + text;
    if (markup.test(window)) return false;
    carried = window.slice(-CARRY);
    return true;
  };
}

/** Each type's extensions, the one it is stored under first. */
const EXTENSIONS: Readonly<Record<AttachmentType, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heif': ['heif', 'heic'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/xml': ['xml'],
  'text/plain': ['txt', 'text', 'log'],
  'text/csv': ['csv'],
};

/**
 * Extensions Windows, macOS or Linux run (or open in a script host) when the file is opened. A text
 * under one of them is a program, whatever else it is: refused, never renamed.
 */
const PROGRAM_EXTENSIONS = new Set([
  'js', 'jse', 'mjs', 'cjs', 'vbs', 'vbe', 'vb', 'wsf', 'wsh', 'wsc', 'ws', 'hta', 'bat', 'cmd', 'com', 'exe', 'scr', 'pif', 'msi', 'msp', 'mst', 'dll',
  'cpl', 'msc', 'ps1', 'psm1', 'psd1', 'ps1xml', 'psc1', 'sh', 'bash', 'zsh', 'csh', 'ksh', 'command', 'tool', 'run', 'bin', 'app', 'desktop', 'py', 'pyw', 'pl', 'rb',
  'php', 'jar', 'jnlp', 'lnk', 'url', 'reg', 'inf', 'scf', 'sct', 'application', 'gadget', 'appref-ms', 'settingcontent-ms', 'library-ms', 'applescript', 'scpt', 'workflow',
]);

/** The last extension of a name: letters first (`obra.v2` has one, `corte 12.2026` has none). */
const extensionOf = (name: string): string | null => /\.([A-Za-z][A-Za-z0-9_-]{0,31})$/.exec(name)?.[1]?.toLowerCase() ?? null;

/** Controls, bidi overrides (a name that reads «fdp.exe» as «exe.pdf») and characters file systems refuse. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g;

/** The name without folders, controls, direction characters, outer dots and spaces (possibly empty). */
function safeName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  return base.replace(UNSAFE, '').replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '');
}

/** The program extension of a text file's name, or null: `nota.bat` (or `NOTA.BAT.`) holding text is a batch script. */
export function programExtension(rawName: string, type: AttachmentType): string | null {
  if (!isTextType(type)) return null;
  const extension = extensionOf(safeName(rawName));
  return extension !== null && PROGRAM_EXTENSIONS.has(extension) ? extension : null;
}

/**
 * A file name safe to store and to send back: no folders, no control or direction characters, its
 * extension the detected type's (`nota.html` holding text → `nota.txt`, a photo named `.exe` →
 * `.jpg`; a name without one keeps none), at most MAX_FILE_NAME_LENGTH characters (the extension
 * kept), never empty.
 */
export function cleanFileName(raw: string, type: AttachmentType): string {
  const cleaned = safeName(raw);
  const [canonical] = EXTENSIONS[type];
  const extension = extensionOf(cleaned);
  const typed = extension === null || EXTENSIONS[type].includes(extension) ? cleaned : `${cleaned.slice(0, -extension.length)}${canonical}`;
  const name = typed === '' ? `documento.${canonical}` : typed;
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const kept = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return [...name.slice(0, name.length - kept.length)].slice(0, MAX_FILE_NAME_LENGTH - kept.length).join('').trimEnd() + kept;
}
