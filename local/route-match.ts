/**
 * Finding a request's row in the route table, as API Gateway does in AWS from the routes the
 * CDK API construct created: the local server's own dispatch.
 */
import { routes, type HttpMethod, type RouteDef } from '#lambdas/routes';

/** Matches a path against `/api/pdf/document-answer/{key}`-style patterns; returns path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      try {
        params[w.slice(1, -1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export interface RouteMatch {
  route: RouteDef;
  pathParameters: Record<string, string>;
}

/** Finds the route for a request; `allowed` lists the methods of a path that exists (for 405). */
export function findRoute(method: string, path: string): { match: RouteMatch | null; allowed: HttpMethod[] } {
  const allowed: HttpMethod[] = [];
  for (const route of routes as readonly RouteDef[]) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    allowed.push(route.method);
    if (route.method === method) return { match: { route, pathParameters: params }, allowed };
  }
  return { match: null, allowed };
}
