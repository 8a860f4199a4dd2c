/**
 * png and jpeg → one Letter page. sharp decodes and applies the EXIF orientation (pdf-lib
 * ignores EXIF, so a phone photo would otherwise print sideways), bounds the pixel count
 * against decompression bombs and re-encodes; pdf-lib places the result on the page. The
 * dimensions are read from the header first, so an image that claims too many pixels is
 * refused, with the reason it expands too far, before a pixel is decoded.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ConversionFailure, parseOrFail } from './conversion-error';
import { LETTER, fitOnLetter } from './letter';

/** 300 dpi over the printable area: more pixels cannot show on paper. */
const MAX_SIDE_PX = 3000;
/** ~40 megapixels: larger claimed dimensions in a ≤1 MB file are a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

export async function imageToPdf(bytes: Uint8Array, type: 'png' | 'jpeg'): Promise<Uint8Array> {
  // Reading the header decodes no pixel; sharp's own default limit would call a huge image broken.
  const { width = 0, height = 0 } = await parseOrFail(() => sharp(bytes, { limitInputPixels: false }).metadata());
  if (width * height > MAX_INPUT_PIXELS) throw new ConversionFailure('expands', `${width}×${height} pixels`);
  const { data, info } = await parseOrFail(() =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .toFormat(type === 'png' ? 'png' : 'jpeg', type === 'png' ? { compressionLevel: 6 } : { quality: 88, mozjpeg: false })
      .toBuffer({ resolveWithObject: true }),
  );
  const pdf = await PDFDocument.create();
  const image = type === 'png' ? await pdf.embedPng(data) : await pdf.embedJpg(data);
  const page = pdf.addPage([LETTER.width, LETTER.height]);
  const size = fitOnLetter(info.width, info.height);
  page.drawImage(image, {
    x: (LETTER.width - size.width) / 2,
    y: (LETTER.height - size.height) / 2,
    width: size.width,
    height: size.height,
  });
  return pdf.save();
}
