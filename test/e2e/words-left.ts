/**
 * Words a page shows in another language than its own (issue 41): visible text and user-facing
 * attributes holding a plain Latin word of three letters or more, inside an element whose nearest
 * `lang` is `lang`. On an Arabic page that is English nobody translated; on the pseudo-locale's
 * (every letter accented) the same. Text marked with its own `lang` (a language's name in the
 * switcher, a proper name) is not counted.
 */
import type { Page } from 'playwright-core';

/**
 * `ignore`: what is not to be translated on that page (the applicant's answers as typed, words or
 * patterns). An e-mail address and a word in capitals (an acronym, a reference code) are no words
 * to translate.
 */
export async function latinWordsIn(page: Page, lang: string, ignore: readonly (string | RegExp)[] = []): Promise<string[]> {
  const sources = ignore.map((i) => (typeof i === 'string' ? i.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : i.source));
  return page.evaluate(
    ({ lang, sources }) => {
      const found = new Set<string>();
      const ignored = sources.map((source) => new RegExp(source, 'g'));
      const english = (text: string) => {
        let rest = text.replace(/\S+@\S+/g, ' ');
        for (const pattern of ignored) rest = rest.replace(pattern, ' ');
        return rest.split(/[^\p{L}\p{N}]+/u).some((token) => /^[A-Za-z]{3,}$/.test(token) && /[a-z]/.test(token));
      };
      const inPageLanguage = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? '') === lang;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!el || !english(text) || el.closest('script,style,noscript,template')) continue;
        if (!el.checkVisibility() || !inPageLanguage(el)) continue;
        found.add(`${el.tagName.toLowerCase()}: ${text.slice(0, 80)}`);
      }
      for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(name);
          if (value && english(value) && inPageLanguage(el)) found.add(`${el.tagName.toLowerCase()}[${name}]: ${value.slice(0, 80)}`);
        }
      }
      return [...found];
    },
    { lang, sources },
  );
}
