/**
 * The institution's texts in Arabic, by their English words (form/institution-text.ts): a
 * define of the build (config/bundle-defines.ts), in a chunk of its own that only a page in this
 * language loads (web/src/lib/i18n.tsx).
 */
import type { TextTable } from '../../institution-text';

export const texts: TextTable = globalThis.__INSTITUTION__.translations.ar ?? {};
