/**
 * The web build's share of the institution (web/vite.config.ts): the sections as constants in the
 * code that reads them, the page shell's name, title, theme colour, favicon and brand palette
 * (CSS custom properties from the file's colours, before any script runs), and the logo and
 * favicon files under brand/ with a content hash in their names (long-cached like assets/).
 * Relative imports: Vite loads its config before it knows the path aliases.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { brandCss } from './brand';
import { institutionDefines } from './bundle-defines';
import type { LoadedInstitution } from './load';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The file the build writes beside index.html naming what it was built for (CDK compares: lib/site.ts). */
export const BUILT_FOR_FILE = 'institution.json';

/**
 * Why a web build may not be served or deployed for `loaded`: it was made for another file (its
 * institution.json says so). Undefined when it was made for this one, or holds no stamp (no build yet).
 */
export function webBuildMismatch(webDir: string, loaded: LoadedInstitution): string | undefined {
  const stamp = join(webDir, BUILT_FOR_FILE);
  if (!existsSync(stamp)) return undefined;
  const built = JSON.parse(readFileSync(stamp, 'utf8')) as { hash?: string; name?: string };
  if (built.hash === loaded.hash) return undefined;
  return `The web build in ${webDir} was made for ${built.name ?? 'another institution'}'s file as it was then, not for ${loaded.sections.identity.name} as ${loaded.file} is now: build it again with the same INSTITUTION_CONFIG (npm run build:web).`;
}

export function institutionWebBuild(loaded: LoadedInstitution): Plugin {
  const { identity, brand } = loaded.sections;
  const assets = Object.values(loaded.assets);
  let ssr = false;
  return {
    name: 'institution',
    config: () => ({ define: institutionDefines(loaded.sections) }),
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => ({
        html: html
          .replaceAll('%INSTITUTION_NAME%', escape(identity.name))
          .replaceAll('%INSTITUTION_ABBREVIATION%', escape(identity.abbreviation))
          .replaceAll('%APPLICATION_TITLE%', escape(identity.applicationTitle)),
        tags: [
          { tag: 'meta', attrs: { name: 'theme-color', content: brand.colors.primary }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'icon', href: brand.favicon.src, type: brand.favicon.mediaType }, injectTo: 'head' },
          { tag: 'style', children: brandCss(brand.colors), injectTo: 'head' },
        ],
      }),
    },
    generateBundle() {
      if (ssr) return;
      for (const asset of assets) this.emitFile({ type: 'asset', fileName: `brand/${asset.fileName}`, source: asset.bytes });
      this.emitFile({ type: 'asset', fileName: BUILT_FOR_FILE, source: JSON.stringify({ hash: loaded.hash, name: identity.name }) });
    },
    // `vite dev`: the brand's files at the addresses the build gives them.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const asset = assets.find((a) => req.url === `/brand/${a.fileName}`);
        if (!asset) return next();
        res.setHeader('content-type', asset.mediaType);
        res.end(asset.bytes);
      });
    },
  };
}
