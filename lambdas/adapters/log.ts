/**
 * Structured JSON logs (one line per entry, as CloudWatch expects), by Powertools' Logger. The
 * HTTP pipeline and the event handlers attach the Lambda context (request id, function name,
 * cold start) and the route to every line with `injectLambdaContext`; locally the stack runs
 * each invocation in its own invocation store, so concurrent requests keep their own keys.
 * Errors are expanded to name, message and stack here, and only here: responses never carry them.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { redactingReplacer } from './log-redaction';

// Every string of every entry (messages, errors' messages and stacks) loses URL secrets first.
export const log = new Logger({ serviceName: 'admissions', jsonReplacerFn: redactingReplacer });

/**
 * The event functions' counterpart of the HTTP pipeline's `injectLambdaContext`: every line of
 * the invocation carries the request id and cold start (from Lambda's context, when there is
 * one: tests and the local event runtime may call without) and which function wrote it.
 */
export function withLogContext<E, R>(fn: string, handler: (event: E, context?: Context) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  return (event, context) => {
    if (context) log.addContext(context);
    log.appendKeys({ function: fn });
    return handler(event, context);
  };
}
