/**
 * Times every DynamoDB call of the handlers in this process, in all (SDK work included) and on
 * the wire, for the load benchmark's report (bench:load). Attached from here so that none of it
 * is part of a Lambda bundle.
 */
import { onSdkClient } from '#adapters/clients';

/** Told how long each DynamoDB call took: in all (SDK work included) and on the wire. */
export type DynamoCallObserver = (call: { command: string; totalMs: number; wireMs: number }) => void;

/** A middleware that tells `done` how long the rest of the chain took for this call. */
function timing(done: (ms: number, context: object) => void) {
  return <I, O>(next: (args: I) => Promise<O>, context: object) =>
    async (args: I): Promise<O> => {
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        done(performance.now() - started, context);
      }
    };
}

export function timeDynamoCalls(notify: DynamoCallObserver): void {
  onSdkClient((client) => {
    if (client.service !== 'dynamodb') return;
    const { stack } = client;
    // One context object per call is shared by both steps: the wire time is kept against it.
    const wire = new WeakMap<object, number>();
    // Outermost: the whole call. Innermost (after the deserializer): the HTTP exchange alone.
    stack.add(
      timing((totalMs, context) =>
        notify({ command: (context as { commandName?: string }).commandName ?? 'unknown', totalMs, wireMs: wire.get(context) ?? 0 }),
      ),
      { step: 'initialize', priority: 'high', name: 'localTimeCall' },
    );
    stack.add(
      timing((ms, context) => wire.set(context, (wire.get(context) ?? 0) + ms)),
      { step: 'deserialize', priority: 'low', name: 'localTimeWire' },
    );
  });
}
