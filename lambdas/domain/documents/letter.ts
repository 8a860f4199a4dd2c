/** US Letter in PDF points, and the margin documents are placed within. */
export const LETTER = { width: 612, height: 792 } as const;
export const MARGIN = 36;

/** The largest size with the image's aspect ratio that fits inside the page's margins. */
export function fitOnLetter(width: number, height: number): { width: number; height: number } {
  const maxW = LETTER.width - 2 * MARGIN;
  const maxH = LETTER.height - 2 * MARGIN;
  const scale = Math.min(maxW / width, maxH / height, 1);
  return { width: width * scale, height: height * scale };
}
