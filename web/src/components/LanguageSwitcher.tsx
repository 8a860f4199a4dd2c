import { useState } from 'react';
import { chooseLanguage, languageChoices, useLanguage, useT } from '#web/lib/i18n';

/**
 * The page's languages, each named in itself and marked with its own `lang` (a screen reader
 * says "Español" in Spanish), the active one marked current. Buttons, not links: the choice
 * changes the words in place and is remembered in this browser (lib/i18n.tsx).
 */
export function LanguageSwitcher() {
  const t = useT();
  const active = useLanguage();
  const [loading, setLoading] = useState(false);
  const choose = (code: ReturnType<typeof languageChoices>[number]['code']) => {
    if (code === active || loading) return;
    setLoading(true);
    // A catalog that cannot load leaves the page as it is.
    void chooseLanguage(code)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  return (
    <nav className="language-switcher" aria-label={t('shell.languages')}>
      <ul>
        {languageChoices().map(({ code, name }) => (
          <li key={code}>
            <button
              type="button"
              className="language-switcher__choice"
              lang={code === 'pseudo' ? 'en' : code}
              aria-current={code === active ? 'true' : undefined}
              aria-disabled={loading || undefined}
              onClick={() => choose(code)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
