/**
 * The local stack renders every application PDF in its own process, each holding a Chromium
 * page. Under a rush (npm run bench:load) unbounded renders starve the API on a small machine,
 * so at most a few run at once and the rest wait their turn. An applicant already waiting is not
 * queued twice: the render reads the newest answers when it starts. (AWS has no such queue:
 * each render is its own Lambda.)
 */
/**
 * Renders at once in the local stack (LOCAL_RENDER_CONCURRENCY); the rest wait. One: the local
 * event runtime has a single CPU to itself (event-runtime.ts), so a second render at once
 * would only share it.
 */
export const LOCAL_RENDER_CONCURRENCY = Math.max(1, Number(process.env.LOCAL_RENDER_CONCURRENCY) || 1);

export class LocalRenderQueue {
  private readonly waiting: string[] = [];
  private readonly queued = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly run: (sub: string) => Promise<unknown>,
    readonly concurrency: number,
    private readonly onError: (sub: string, error: unknown) => void = () => undefined,
  ) {
    if (!(concurrency >= 1)) throw new Error('concurrency must be at least 1');
  }

  /** Queues a render for this applicant unless one is already waiting. */
  add(sub: string): void {
    if (this.closed || this.queued.has(sub)) return;
    this.queued.add(sub);
    this.waiting.push(sub);
    this.pump();
  }

  get active(): number {
    return this.running.size;
  }

  get pending(): number {
    return this.waiting.length;
  }

  /**
   * The stack is stopping: renders not yet started are dropped (their PDFs stay requested, and
   * the next GET /api/pdf after a restart asks again) and the failures of running ones, whose
   * process is going away, are not reported as errors.
   */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    this.queued.clear();
  }

  /** Resolves once every render queued so far (and any queued meanwhile) has finished. */
  async settle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.waiting.length) {
      const sub = this.waiting.shift() as string;
      this.queued.delete(sub);
      const job: Promise<void> = Promise.resolve()
        .then(() => this.run(sub))
        .then(
          () => undefined,
          (error: unknown) => {
            if (!this.closed) this.onError(sub, error);
          },
        )
        .finally(() => {
          this.running.delete(job);
          this.pump();
        });
      this.running.add(job);
    }
  }
}
