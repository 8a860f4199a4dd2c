import type { ImgHTMLAttributes, Ref } from 'react';
import { institution } from '#form/institution';

type LogoProps = Pick<ImgHTMLAttributes<HTMLImageElement>, 'className' | 'onLoad' | 'onError'> & { ref?: Ref<HTMLImageElement> };

/**
 * The institution's logo from its configuration, its name as the text alternative. In the header
 * it sits on a white plate (styles.css), so a logo drawn for paper shows on the brand colour.
 */
export function InstitutionLogo({ className = 'site-header__logo', ...rest }: LogoProps) {
  const { src, width, height } = institution.logo;
  return <img className={className} src={src} alt={institution.name} width={width} height={height} {...rest} />;
}
