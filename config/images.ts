/**
 * What a logo or favicon file really is, read from its bytes (not its name): a PNG's header, an
 * ICO's directory, an SVG's root element. An SVG that scripts or embeds other documents is
 * refused: the logo is inlined into the decision letters and shown on every page.
 */
import type { BrandImage } from '#form/types';

export type ImageKind = 'logo' | 'favicon';

export const MAX_BYTES: Record<ImageKind, number> = { logo: 200 * 1024, favicon: 100 * 1024 };
const ACCEPTED: Record<ImageKind, readonly BrandImage['mediaType'][]> = {
  logo: ['image/svg+xml', 'image/png'],
  favicon: ['image/x-icon', 'image/png', 'image/svg+xml'],
};
const NAMES: Record<BrandImage['mediaType'], string> = { 'image/svg+xml': 'SVG', 'image/png': 'PNG', 'image/x-icon': 'ICO' };
export const EXTENSIONS: Record<BrandImage['mediaType'], string> = { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/x-icon': 'ico' };

export type Inspected = { ok: true; mediaType: BrandImage['mediaType']; width: number; height: number } | { ok: false; message: string; fix: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(bytes: Uint8Array): Inspected | undefined {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return broken('PNG');
  const [width, height] = [view.getUint32(16), view.getUint32(20)];
  return width > 0 && height > 0 ? { ok: true, mediaType: 'image/png', width, height } : broken('PNG');
}

function ico(bytes: Uint8Array): Inspected | undefined {
  if (bytes.length < 22 || bytes[0] !== 0 || bytes[1] !== 0 || bytes[2] !== 1 || bytes[3] !== 0 || bytes[4]! + bytes[5]! * 256 === 0) return undefined;
  return { ok: true, mediaType: 'image/x-icon', width: bytes[6] || 256, height: bytes[7] || 256 };
}

const number = (v: string | undefined) => (v && /^\s*[\d.]+(px)?\s*$/.test(v) ? Number.parseFloat(v) : undefined);

function svg(bytes: Uint8Array): Inspected | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .trimStart();
  const root = /^<svg\b([^>]*)>/i.exec(body);
  if (!root) return undefined;
  if (!/<\/svg>\s*$/i.test(body)) return broken('SVG');
  if (/<script\b|<foreignObject\b|\son[a-z]+\s*=|javascript:/i.test(body)) {
    return {
      ok: false,
      message: 'is an SVG with a script, an event handler or an embedded document.',
      fix: 'Export the logo again as a plain SVG (shapes and text only), or as a PNG.',
    };
  }
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root[1]!)?.[1];
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = number(attribute('width')) ?? (box?.length === 4 ? box[2] : undefined);
  const height = number(attribute('height')) ?? (box?.length === 4 ? box[3] : undefined);
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) {
    return {
      ok: false,
      message: 'is an SVG without a size: it has neither width and height nor a viewBox.',
      fix: 'Give its <svg> element a viewBox="0 0 W H" (or width and height).',
    };
  }
  return { ok: true, mediaType: 'image/svg+xml', width, height };
}

const broken = (what: string): Inspected => ({ ok: false, message: `is not a complete ${what} image.`, fix: `Export the image again as ${what}.` });

/** What the bytes of a logo or favicon are, or what is wrong with them. */
export function inspectImage(kind: ImageKind, name: string, bytes: Uint8Array): Inspected {
  const names = ACCEPTED[kind].map((t) => NAMES[t]);
  const accepted = `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  const give = `Give the ${kind} as ${accepted}.`;
  if (bytes.length === 0) return { ok: false, message: `${name} is empty.`, fix: give };
  if (bytes.length >= MAX_BYTES[kind]) {
    return {
      ok: false,
      message: `${name} is ${Math.ceil(bytes.length / 1024)} kB; a ${kind} must be under ${MAX_BYTES[kind] / 1024} kB.`,
      fix: kind === 'logo' ? 'Export it smaller (an SVG, or a PNG about 400 pixels wide).' : 'Export a 32×32 or 48×48 icon.',
    };
  }
  const found = png(bytes) ?? ico(bytes) ?? svg(bytes);
  if (!found) return { ok: false, message: `${name} is not an ${accepted} image.`, fix: give };
  if (!found.ok) return { ...found, message: `${name} ${found.message}` };
  if (!ACCEPTED[kind].includes(found.mediaType)) return { ok: false, message: `${name} holds ${NAMES[found.mediaType]}; a ${kind} is ${accepted}.`, fix: give };
  const extension = name.split('.').pop()?.toLowerCase();
  if (extension !== EXTENSIONS[found.mediaType]) {
    return {
      ok: false,
      message: `${name} holds ${NAMES[found.mediaType]}, not what its name says.`,
      fix: `Rename it to end in .${EXTENSIONS[found.mediaType]}.`,
    };
  }
  return found;
}
