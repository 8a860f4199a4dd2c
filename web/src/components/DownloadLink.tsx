import type { MouseEvent, ReactNode, Ref } from 'react';
import type { EndpointName } from '#form/wire/endpoints';
import { renewSessionFor } from '#web/lib/api-client';

/**
 * A link to one of the app's download routes, which answer 303 to a new short-lived link on every
 * click: the link on the page never expires. A plain click renews the session first (an access
 * token may have expired while the page stayed open); a click that opens elsewhere (new tab,
 * modifier keys) goes as it is, and a lost session there gets the route's signed-out page.
 */
export function DownloadLink({
  route,
  href,
  className,
  linkRef,
  children,
}: {
  route: EndpointName;
  href: string;
  className?: string;
  linkRef?: Ref<HTMLAnchorElement>;
  children: ReactNode;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void renewSessionFor(route).finally(() => window.location.assign(href));
  };
  return (
    <a ref={linkRef} className={className} href={href} onClick={onClick}>
      {children}
    </a>
  );
}
