import { readUnsubscribe } from '#domain/messages/suppression';
import { unsubscribeInput } from '#form/wire/suppression';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { unsubscribeHandler } from '#middleware/unsubscribe-page';
import { readUnsubscribePorts } from '#wiring/suppression';

/** GET /unsubscribe?t=: whose link it is, and (a browser) the page with the button; changes nothing. */
export const handler = unsubscribeHandler(
  httpHandler(routeRow('readUnsubscribe', { access: 'public' }), unsubscribeInput, ({ query, event }) =>
    readUnsubscribe(readUnsubscribePorts(), query.t, clientAddress(event)),
  ),
);
