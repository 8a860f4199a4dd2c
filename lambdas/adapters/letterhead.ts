/**
 * The institution's logo for the decision letter's letterhead, as a data: URL: the letter is
 * printed with no network. In Lambda the render function's bundle carries it under brand/
 * (lib/chromium.ts); the local stack points BRAND_DIR at its web build's brand/ folder. Read once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { institution } from '#form/institution';

let cached: string | undefined;

export function letterheadLogo(): string {
  if (cached) return cached;
  const dir = process.env.BRAND_DIR || join(process.env.LAMBDA_TASK_ROOT ?? '.', 'brand');
  const { file, mediaType } = institution.logo;
  cached = `data:${mediaType};base64,${readFileSync(join(dir, file)).toString('base64')}`;
  return cached;
}
