// One synthesized function in a worker thread, as in its own Lambda container: its own module
// state and its own process.env (the worker's copy, set by the parent to what the stack gives
// this function). Plain JavaScript on purpose: the bundle runs with no TypeScript loader, as in Lambda.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { file, exportName, functionName, memoryMb, timeoutMs } = workerData;

let handler;
let initError;
const started = performance.now();
try {
  const module = await import(pathToFileURL(file).href);
  handler = module[exportName];
  if (typeof handler !== 'function') throw new Error(`${file} exports no function named ${exportName}`);
} catch (error) {
  initError = error;
}
parentPort.postMessage({ type: 'ready', initMs: performance.now() - started, error: initError ? String(initError?.stack ?? initError) : undefined });

const serialise = (error) => ({ name: error?.name ?? 'Error', message: error?.message ?? String(error), stack: error?.stack });

parentPort.on('message', async ({ id, event }) => {
  if (initError) return parentPort.postMessage({ id, ok: false, error: serialise(initError) });
  const deadline = Date.now() + timeoutMs;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local-bundled',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  try {
    const result = await handler(event, context);
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: serialise(error) });
  }
});
