/**
 * The local stack's one HTTP front, as a request handler: API paths go to the handler modules
 * the way API Gateway would send them, /_dev/ to the local-only pages (metrics, outbox), the
 * local identity provider's JWKS, and everything else to the web build.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { handleApiRequest, isApiPath, type RouteInvoker } from './api-gateway';
import { handleCognitoApiRequest, type LocalPools } from './cognito-api';
import { handleCyclesDevRequest, type OfferSweep } from './cycles-dev';
import { handleTokenRequest, type MachineTokenIssuer } from './identity/machine-tokens';
import type { LocalStaffIdentityProvider } from './identity/staff-provider';
import { handleMailFeedbackDevRequest } from './mail-feedback-dev';
import { handleMailingsDevRequest, type LocalMailingQueue } from './mailing-queue';
import { LOAD_TRACE_HEADER, type StackMetrics } from './metrics';
import { outboxHtml, type Outbox } from './outbox';
import { handleRecommendationsDevRequest } from './recommendations-dev';
import { handleRemindersDevRequest } from './reminders-dev';
import { handleRetentionDevRequest, type RetentionSweep } from './retention-dev';
import { handleSisDevRequest } from './sis-dev';
import { handleStaffDevRequest } from './staff-dev';
import { SITE_HEADERS, serveStatic } from './static-site';

export interface RouterOptions {
  /** The stack's own origin (http://localhost:<port>). */
  url: string;
  webDir: string;
  /** The stack's data directory (submission events are listed from it). */
  dataDir: string;
  quiet?: boolean;
  metrics: StackMetrics;
  outbox: Outbox;
  /** Staff users of the local identity provider (POST /_dev/staff-users, the tests' shortcut). */
  staff: LocalStaffIdentityProvider;
  /** The local pools behind the stand-in for Cognito's API (POST /_dev/cognito-idp, used by `npm run staff`). */
  pools: LocalPools;
  /** The local identity provider's public keys, when it is the one signing tokens. */
  jwks?: unknown;
  /** The machine clients' token endpoint (POST /oauth2/token), as a Cognito pool's domain serves it. */
  machineTokens: MachineTokenIssuer;
  /** Runs a route's handler; default: the source module in this process. */
  invoke?: RouteInvoker;
  /** Runs the retention sweep; default: the source module in this process. */
  sweepRetention?: RetentionSweep;
  /** Runs the expiry of unanswered offers; default: the source module in this process. */
  sweepOffers?: OfferSweep;
  /** The mailing sender's queue in this process (its dev controls: local/mailing-queue.ts). */
  mailings?: LocalMailingQueue;
}

// A request Node cannot parse (a malformed line, a path that is no path) gets JSON as well.
const UNREADABLE = JSON.stringify({ message: 'The request could not be read.' });

export function answerUnreadableRequests(http: Server): void {
  http.on('clientError', (_error, socket) => {
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(UNREADABLE)}\r\nconnection: close\r\n\r\n${UNREADABLE}`,
      );
    } else {
      socket.destroy();
    }
  });
}

export function createRouter(options: RouterOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { url, metrics, outbox } = options;
  return (req, res) => {
    const started = Date.now();
    const startedPrecise = performance.now();
    let parsed: URL;
    try {
      // Appended, not resolved: a request path starting with // must stay a path, not become a host.
      parsed = new URL(`${url}${req.url ?? '/'}`);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', connection: 'close' }).end(UNREADABLE);
      return;
    }
    if (!options.quiet) {
      res.on('finish', () => process.stdout.write(`${req.method} ${parsed.pathname} ${res.statusCode} ${Date.now() - started}ms\n`));
    }
    const path = parsed.pathname;
    if (isApiPath(path)) {
      handleApiRequest(req, res, parsed, options.invoke).then(
        (routeKey) => {
          const ended = performance.now();
          metrics.record(routeKey ?? 'unrouted', ended - startedPrecise);
          const traceId = req.headers[LOAD_TRACE_HEADER];
          if (typeof traceId === 'string') {
            metrics.trace({
              id: traceId,
              route: routeKey ?? 'unrouted',
              arrivedAt: performance.timeOrigin + startedPrecise,
              doneAt: performance.timeOrigin + ended,
            });
          }
        },
        () => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end();
        },
      );
    } else if (path === '/_dev/metrics.json') {
      // Local only, like the outbox: the load benchmark's server-side view. POST clears it.
      if (req.method === 'POST') metrics.reset();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(metrics.snapshot()));
    } else if (path === '/_dev/mail.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(outbox.list()));
    } else if (path === '/_dev/mail') {
      res.writeHead(200, { ...SITE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(outboxHtml(outbox.list()));
    } else if (path.startsWith('/_dev/') && handleCognitoApiRequest(req, res, path, options.pools)) {
      // Cognito's API for the local pools (local/cognito-api.ts)
    } else if (path.startsWith('/_dev/') && handleStaffDevRequest(req, res, path, options.dataDir, options.staff)) {
      // staff users and submission events (local/staff-dev.ts)
    } else if (path.startsWith('/_dev/') && handleRecommendationsDevRequest(req, res, path)) {
      // the recommendations sweep on demand (local/recommendations-dev.ts)
    } else if (path.startsWith('/_dev/') && handleRetentionDevRequest(req, res, path, options.sweepRetention)) {
      // the retention sweep on demand (local/retention-dev.ts)
    } else if (path.startsWith('/_dev/') && handleCyclesDevRequest(req, res, path, options.sweepOffers)) {
      // the expiry of unanswered offers on demand (local/cycles-dev.ts)
    } else if (path.startsWith('/_dev/') && handleMailFeedbackDevRequest(req, res, path)) {
      // a bounce or a complaint simulated, through the handler SES's events reach (local/mail-feedback-dev.ts)
    } else if (path.startsWith('/_dev/') && handleRemindersDevRequest(req, res, path)) {
      // the daily reminders on demand (local/reminders-dev.ts)
    } else if (path.startsWith('/_dev/') && handleMailingsDevRequest(req, res, path, options.mailings)) {
      // the mailing sender paused, resumed or waited for (local/mailing-queue.ts)
    } else if (path.startsWith('/_dev/') && handleSisDevRequest(req, res, path)) {
      // the student information system's machine clients (local/sis-dev.ts, npm run sis)
    } else if (handleTokenRequest(req, res, path, options.machineTokens)) {
      // the machine clients' token endpoint (local/identity/machine-tokens.ts)
    } else if (path === '/_local-idp/.well-known/jwks.json' && options.jwks) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(options.jwks));
    } else {
      serveStatic(options.webDir, path, res, String(req.headers['accept-encoding'] ?? ''), req.method, req.headers.cookie, req.headers['accept-language']);
    }
  };
}
