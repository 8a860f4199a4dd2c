import { unsubscribe } from '#domain/messages/suppression';
import { unsubscribeInput } from '#form/wire/suppression';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { unsubscribeHandler } from '#middleware/unsubscribe-page';
import { unsubscribeRoutePorts } from '#wiring/suppression';

/** POST /unsubscribe?t= (RFC 8058's one-click POST, or the page's button): no more marketing mailings to the link's address. */
export const handler = unsubscribeHandler(
  httpHandler(routeRow('unsubscribe', { access: 'public' }), unsubscribeInput, ({ query, event }) =>
    unsubscribe(unsubscribeRoutePorts(), query.t, clientAddress(event)),
  ),
);
