/**
 * Serves the web build the way CloudFront does in AWS: files by path, hashed assets cached
 * for a year, a prerendered page at its path for a visitor without a session and index.html
 * (the shell) for every other app path (lib/headers.ts's function), text compressed with gzip
 * when the browser accepts it, security headers on all.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFileFor } from '#form/prerendered';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The same headers the CloudFront response-headers policy adds in AWS (lib/). connect-src also
 * names the local s3rver (127.0.0.1, a port chosen at start), where the browser posts presigned
 * uploads, as the AWS policy names the uploads bucket.
 */
export const SITE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' http://127.0.0.1:*; form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
};

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;
/** Compressed files by path and modification time: each is gzipped once, not per request. */
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

function send(file: string, headers: Record<string, string>, res: ServerResponse, acceptEncoding: string): void {
  const type = headers['content-type'] ?? '';
  if (!COMPRESSIBLE.test(type) || !/\bgzip\b/.test(acceptEncoding)) {
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
    return;
  }
  const { mtimeMs } = statSync(file);
  let cached = gzipped.get(file);
  if (!cached || cached.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, body: gzipSync(readFileSync(file)) };
    gzipped.set(file, cached);
  }
  res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(cached.body.length) });
  res.end(cached.body);
}

export function serveStatic(
  webDir: string,
  pathname: string,
  res: ServerResponse,
  acceptEncoding = '',
  method = 'GET',
  cookie = '',
  acceptLanguage = '',
): void {
  // As CloudFront's default behaviour: the site is read-only.
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { ...SITE_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('This address only serves the web app.\n');
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const file = normalize(join(webDir, decoded));
  const insideRoot = file === webDir || file.startsWith(webDir.endsWith(sep) ? webDir : webDir + sep);
  // The build's manifest (web/dist/.vite/) is for the prerenderer and the bench; CloudFront does not have it.
  const buildMetadata = decoded.startsWith('/.vite/');
  if (insideRoot && !buildMetadata && existsSync(file) && statSync(file).isFile()) {
    const immutable = decoded.startsWith('/assets/');
    const headers = {
      ...SITE_HEADERS,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    send(file, headers, res, acceptEncoding);
    return;
  }
  // As lib/headers.ts's SPA fallback: only a path whose last segment has no dot is an app route;
  // a missing file (an old hashed asset) is a 404, not the app's HTML under a script's name.
  if (decoded.slice(decoded.lastIndexOf('/') + 1).includes('.')) {
    res.writeHead(404, { ...SITE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
    res.end('Not found.\n');
    return;
  }
  // Every app path's HTML, prerendered or the shell, is never cached: it names the current assets.
  const html = join(webDir, htmlFileFor(decoded, cookie, acceptLanguage));
  if (existsSync(html)) {
    send(html, { ...SITE_HEADERS, 'content-type': TYPES['.html']!, 'cache-control': 'no-cache' }, res, acceptEncoding);
    return;
  }
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('The web app has not been built. Run `npm run build:web` (npm start does this for you).\n');
}
