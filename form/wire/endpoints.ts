/**
 * The wire: every route's method, path, input and answer, declared once. The route table
 * (lambdas/routes.ts) takes each row's method and path from here, the handler parses with the
 * route's input (the `*Input` of this folder's modules) and the web app's client is typed by it.
 * The inputs are imported as types only: the browser's bundle carries the paths, not the parsers.
 * Two halves, so the applicant's first load carries no office path: applicant-endpoints.ts and
 * staff-endpoints.ts; the web client registers the office's when the console loads. The student
 * information system's routes (sis-endpoints.ts) are no browser's: the web app never loads them.
 */
import { applicantEndpoints } from './applicant-endpoints';
import { sisEndpoints } from './sis-endpoints';
import { staffEndpoints } from './staff-endpoints';

export const endpoints = { ...applicantEndpoints, ...staffEndpoints, ...sisEndpoints } as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
