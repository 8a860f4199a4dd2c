/**
 * Structured JSON logs (one line per entry, as CloudWatch expects), by Powertools' Logger. The
 * HTTP pipeline and the event handlers attach the Lambda context (request id, function name,
 * cold start) and the route to every line with `injectLambdaContext`; locally the stack runs
 * each invocation in its own invocation store, so concurrent requests keep their own keys.
 * Errors are expanded to name, message and stack here, and only here: responses never carry them.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const log = new Logger({ serviceName: 'admissions' });
