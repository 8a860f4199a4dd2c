import type { ImgHTMLAttributes, Ref } from 'react';
import { institution } from '#form/institution';
import { institutionShown, useLanguage } from '#web/lib/i18n';

type LogoProps = Pick<ImgHTMLAttributes<HTMLImageElement>, 'className' | 'onLoad' | 'onError'> & { ref?: Ref<HTMLImageElement> };

/**
 * The institution's logo from its configuration, its name as the text alternative. In the header
 * it sits on a white plate (styles.css), so a logo drawn for paper shows on the brand colour.
 * The name in the page's language where the configuration gives it, else marked as the institution's (`lang`).
 */
export function InstitutionLogo({ className = 'site-header__logo', ...rest }: LogoProps) {
  useLanguage();
  const { src, width, height } = institution.logo;
  const name = institutionShown(institution.name);
  return <img className={className} src={src} alt={name.text} lang={name.lang} width={width} height={height} {...rest} />;
}
