import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError } from '#domain/errors';
import type { LanguageCode } from '#form/i18n/languages';
import { languageOfHeader, translateServerMessage } from '#form/i18n/server-words';
import type { HttpMiddleware } from './pipeline';

/**
 * The applicant's language for the words of a reply (issue 41, item 3): the request's
 * Accept-Language, which the web app sets to the language it shows (so a reply reads as the page
 * around it, also before sign-in); English without one. The language saved on the account is
 * for what is sent outside a request (e-mails).
 */
export const requestLanguage = (event: APIGatewayProxyEventV2): LanguageCode => languageOfHeader(event.headers?.['accept-language']);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON reply's `message` and its per-field `errors`/`problems` lists in `language`; any other
 * reply as it is. `message`: the refusal's own words in the language (DomainError's inLanguage).
 */
export function translateReply(response: APIGatewayProxyStructuredResultV2, language: LanguageCode, message?: string): APIGatewayProxyStructuredResultV2 {
  const type = response.headers?.['content-type'];
  if (typeof response.body !== 'string' || typeof type !== 'string' || !type.startsWith('application/json')) return response;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return response;
  }
  if (!isObject(body)) return response;
  const say = (text: unknown) => (typeof text === 'string' ? translateServerMessage(language, text) : text);
  const translated: Json = { ...body };
  if ('message' in body) translated.message = message ?? say(body.message);
  for (const key of ['errors', 'problems']) {
    const map = body[key];
    if (isObject(map)) translated[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, Array.isArray(v) ? v.map(say) : say(v)]));
  }
  return { ...response, body: JSON.stringify(translated) };
}

/**
 * Says a reply's words in the request's language, after everything else (errors included: it runs
 * after the error mapper has made the 4xx). The office's and machines' routes stay English.
 */
export function replyLanguage(): HttpMiddleware {
  const apply: NonNullable<HttpMiddleware['after']> = (request) => {
    const language = requestLanguage(request.event);
    if (language === 'en' || !request.response) return;
    const error: unknown = request.error;
    const own = error instanceof DomainError ? error.inLanguage?.(language) : undefined;
    request.response = translateReply(request.response, language, own);
  };
  return { after: apply, onError: apply };
}
