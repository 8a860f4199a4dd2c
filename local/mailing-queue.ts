/**
 * The queue of mailings in the local stack: what SQS and the sender's Lambda do in AWS
 * (lib/messages.ts). A mailing's start and each recipient's delivery run in this process (the
 * dev outbox lives here), at most MAILING_CONCURRENCY at once, each retried as SQS retries a
 * message and then parked as a dead letter (local/dead-letters.ts). The tick runs at start-up and
 * every TICK_MS: a scheduled mailing whose time has come starts, a stopped one resumes (a stack
 * stopped mid-send picks up where it stopped when it starts again).
 *
 * `pause()` holds the deliveries not yet begun and drops them, as a killed sender loses the
 * messages it held: the tests stop a mailing half-way and resume it with the tick, which queues
 * again every row still queued (this queue, unlike SQS, loses what it held when it stops).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finishMailings, runMailingJob, runMailingTick } from '#events/send-mailings';
import { installStandIns } from '#wiring/stand-ins';
import { runOrDeadLetter, type DeadLetters } from './dead-letters';
import { LOCAL_RETRY_DELAYS_MS } from './retries';
import { outsideRoutes } from './route-grants';

/** Jobs at once: SQS's maximum concurrency of the sender in AWS (two), each a job at a time here. */
export const MAILING_CONCURRENCY = 2;
const TICK_MS = 60_000;

type Job = { mailing: string; application?: string };

export interface LocalMailingQueue {
  /** Resolves once every job queued so far (and any queued meanwhile) has run. */
  settle(): Promise<void>;
  /** Drops the jobs not yet begun and takes no more until `resume` (a killed sender); `after`: once that many more jobs have begun. */
  pause(after?: number): void;
  /** Takes jobs again and runs the tick: what a restarted sender does. */
  resume(): Promise<void>;
  stop(): void;
}

export function startMailingQueue(
  letters: DeadLetters,
  onError: (error: unknown) => void,
  retryDelaysMs: readonly number[] = LOCAL_RETRY_DELAYS_MS,
): LocalMailingQueue {
  const waiting: Job[] = [];
  const running = new Set<Promise<void>>();
  let paused = false;
  let stopped = false;
  /** Jobs still to begin before the sender stops (a pause asked for `after` some). */
  let countdown: number | undefined;
  /** Mailings whose deliveries ran since the queue was last empty: marked sent when it empties, if nothing is left. */
  const touched = new Set<string>();
  const halt = () => {
    paused = true;
    countdown = undefined;
    waiting.length = 0;
  };

  const track = (run: Promise<void>) => {
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      pump();
    });
  };
  const pump = () => {
    while (!paused && !stopped && running.size < MAILING_CONCURRENCY && waiting.length > 0) {
      if (countdown !== undefined && countdown-- <= 0) return halt();
      const job = waiting.shift()!;
      touched.add(job.mailing);
      track(runOrDeadLetter(job, () => runMailingJob(job), retryDelaysMs, letters).catch(() => undefined));
    }
    // The queue is empty: its mailings with nothing left to send are sent (settle waits for it).
    if (!paused && !stopped && running.size === 0 && waiting.length === 0 && touched.size > 0) {
      const ids = [...touched];
      touched.clear();
      track(outsideRoutes(finishMailings)(ids).catch(onError));
    }
  };
  const add = (jobs: Job[]) => {
    if (paused || stopped) return Promise.resolve();
    waiting.push(...jobs);
    pump();
    return Promise.resolve();
  };
  const tick = (lostQueue = false) => (stopped ? Promise.resolve() : runMailingTick(lostQueue).then(() => undefined, onError));

  installStandIns({
    // The queue is the sender's, not the sending route's: its jobs run with the sender's access, not the route's grants.
    mailingQueue: {
      start: outsideRoutes((mailing: string) => add([{ mailing }])),
      enqueue: outsideRoutes((mailing: string, applications: readonly string[]) => add(applications.map((application) => ({ mailing, application })))),
    },
  });
  const timer = setInterval(() => void outsideRoutes(tick)(), TICK_MS);
  timer.unref();
  // This queue starts empty: whatever a stopped stack still had to send is queued again.
  void outsideRoutes(tick)(true);

  return {
    async settle() {
      while (running.size > 0 || (waiting.length > 0 && !paused)) await Promise.allSettled([...running]);
    },
    pause(after) {
      if (after === undefined) halt();
      else countdown = after;
    },
    async resume() {
      paused = false;
      countdown = undefined;
      await outsideRoutes(tick)(true);
    },
    stop() {
      stopped = true;
      waiting.length = 0;
      clearInterval(timer);
      installStandIns({ mailingQueue: undefined });
    },
  };
}

/**
 * The development-only controls of the sender: POST /_dev/mailings/pause (`?after=N`: once N more
 * jobs have begun), /resume, /settle (answered once no job is running or waiting).
 */
export const MAILINGS_DEV_PATH = '/_dev/mailings/';

/** Answers the sender's controls; false when the path is not one. */
export function handleMailingsDevRequest(req: IncomingMessage, res: ServerResponse, path: string, queue: LocalMailingQueue | undefined): boolean {
  if (!path.startsWith(MAILINGS_DEV_PATH) || !queue) return false;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const action = path.slice(MAILINGS_DEV_PATH.length);
  const after = url.searchParams.get('after');
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST' || !['pause', 'resume', 'settle'].includes(action)) {
    answer(404, { message: 'POST /_dev/mailings/pause, /_dev/mailings/resume or /_dev/mailings/settle.' });
    return true;
  }
  if (after !== null && !/^\d{1,6}$/.test(after)) {
    answer(400, { message: 'after is a whole number of jobs.' });
    return true;
  }
  const done =
    action === 'pause' ? (queue.pause(after === null ? undefined : Number(after)), Promise.resolve()) : action === 'resume' ? queue.resume() : queue.settle();
  done.then(
    () => answer(200, { message: `The mailing sender: ${action} done.` }),
    (error: unknown) => answer(500, { message: String(error) }),
  );
  return true;
}
