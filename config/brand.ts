/**
 * The site's palette from the file's three colours, and the colour pairs the site uses for text
 * (web/src/styles.css): every pair must reach WCAG 2.2 AA, 4.5:1 for text and 3:1 for the accent
 * borders (non-text contrast). The same derivation gives the checks and the CSS, so what is
 * checked is what is shown.
 */
import type { BrandColors } from '#form/types';

export const WHITE = '#ffffff';
/** The page's background behind the cards (styles.css: --neutral-light). */
export const PAGE_BACKGROUND = '#eef0f3';

const channels = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG's relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `weight` (0–1) of `other` mixed into `hex`. */
export function mix(hex: string, other: string, weight: number): string {
  const [a, b] = [channels(hex), channels(other)];
  return toHex(a.map((c, i) => c * (1 - weight) + b[i]! * weight));
}

export interface Palette {
  primary: string;
  /** Headings and pressed buttons: the primary darkened. */
  primaryDark: string;
  /** Hovered buttons, the current page: the primary on white. */
  primaryLight: string;
  accent: string;
  text: string;
}

export function palette(colors: BrandColors): Palette {
  const primary = colors.primary.toLowerCase();
  return {
    primary,
    primaryDark: mix(primary, '#000000', 0.3),
    primaryLight: mix(primary, WHITE, 0.9),
    accent: colors.accent.toLowerCase(),
    text: colors.text.toLowerCase(),
  };
}

/** The custom properties styles.css reads for the brand (index.html carries them in a <style>). */
export function brandCss(colors: BrandColors): string {
  const p = palette(colors);
  return `:root{--primary:${p.primary};--primary-dark:${p.primaryDark};--primary-light:${p.primaryLight};--secondary:${p.accent};--text:${p.text}}`;
}

export type BrandColor = keyof BrandColors;

export interface ColourPair {
  /** Which file colour the pair depends on: the one to change when it fails. */
  colour: BrandColor;
  what: string;
  foreground: (p: Palette) => string;
  background: (p: Palette) => string;
  minimum: number;
}

/** Where the site puts text (or, for the accent, a border) in the brand's colours. */
export const COLOUR_PAIRS: readonly ColourPair[] = [
  { colour: 'text', what: 'body text on white', foreground: (p) => p.text, background: () => WHITE, minimum: 4.5 },
  { colour: 'text', what: 'body text on the page background', foreground: (p) => p.text, background: () => PAGE_BACKGROUND, minimum: 4.5 },
  { colour: 'primary', what: 'white text on it (the header, buttons)', foreground: () => WHITE, background: (p) => p.primary, minimum: 4.5 },
  { colour: 'primary', what: 'links and outlined buttons on white', foreground: (p) => p.primary, background: () => WHITE, minimum: 4.5 },
  { colour: 'primary', what: 'links on the page background', foreground: (p) => p.primary, background: () => PAGE_BACKGROUND, minimum: 4.5 },
  {
    colour: 'primary',
    what: 'its text on a hovered button or the current page (its light tint)',
    foreground: (p) => p.primary,
    background: (p) => p.primaryLight,
    minimum: 4.5,
  },
  { colour: 'primary', what: 'headings (its dark shade) on its light tint', foreground: (p) => p.primaryDark, background: (p) => p.primaryLight, minimum: 4.5 },
  { colour: 'accent', what: 'accent borders on white (non-text contrast)', foreground: (p) => p.accent, background: () => WHITE, minimum: 3 },
];

/** The pairs of `colors` that fall short, with their ratio. */
export function failingPairs(colors: BrandColors): { pair: ColourPair; ratio: number }[] {
  const p = palette(colors);
  return COLOUR_PAIRS.map((pair) => ({ pair, ratio: contrast(pair.foreground(p), pair.background(p)) })).filter(({ pair, ratio }) => ratio < pair.minimum);
}

/** The nearest darker shade of `colour` with which every pair it is in passes (what to write instead). */
export function passingShade(colors: BrandColors, colour: BrandColor): string {
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(colors[colour].toLowerCase(), '#000000', step * 0.05);
    if (!failingPairs({ ...colors, [colour]: candidate }).some(({ pair }) => pair.colour === colour)) return candidate;
  }
  return '#000000';
}
