/**
 * Stopping the local stack stops everything it started: dynalite, s3rver, the event runtime and
 * the Chromium that the event runtime starts ahead of the first render, also when the stop comes
 * while the event runtime is still loading or Chromium still starting, and when the process that
 * started it is killed (a load benchmark stopped with `kill`). A leftover browser would outlive
 * every `npm start`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STACK_NODE_FLAGS } from '#local/child-process';
import { startChildStack, type ChildStack } from '../support/child-stack';

/**
 * Running processes that belong to the stack with this data directory: every process it starts
 * inherits DATA_DIR in its environment (Linux /proc).
 */
function processesOf(dataDir: string): string[] {
  return stackProcesses(dataDir).map((p) => p.name);
}

function stackProcesses(dataDir: string): { pid: number; name: string; args: string[] }[] {
  const marker = `DATA_DIR=${dataDir}\0`;
  const found: { pid: number; name: string; args: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      found.push({ pid: Number(entry), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), args });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long a test waits for the stack's Chromium to appear or go: while other test files keep both
 * CPUs busy (vitest runs two files at a time), its start can take tens of seconds. A bound on
 * waiting, not a speed the test asserts.
 */
const CHROMIUM_WAIT_MS = 120_000;

/**
 * One stack, started on first use and stopped after the file, for the tests that only need a
 * stack that is up (its processes, a second start beside it); the tests of stopping and killing
 * start their own.
 */
let running: Promise<ChildStack> | undefined;
const runningStack = () => (running ??= startChildStack());
afterAll(async () => {
  await (await running)?.stop();
});

describe.runIf(process.platform === 'linux')("the local stack's processes", () => {
  let stack: ChildStack;
  beforeAll(async () => {
    stack = await runningStack();
  }, 60_000);

  it("run every Node process (API, dynalite, s3rver, event runtime) with the stack's V8 flags", { timeout: 60_000 }, async () => {
    const isNode = (p: { args: string[] }) => p.args.some((a) => /(^|\/)node$/.test(a));
    const nodes = () => stackProcesses(stack.dataDir).filter(isNode);
    // On failure the matcher prints every stack process's command line.
    await expect
      .poll(() => stackProcesses(stack.dataDir), { timeout: 20_000, interval: 100 })
      .toSatisfy((found: { args: string[] }[]) => found.filter(isNode).length >= 4);
    for (const p of nodes()) expect(p.args, p.args.join(' ')).toEqual(expect.arrayContaining([...STACK_NODE_FLAGS]));
  });

  // The local stack is a development tool: it leaves the scheduler alone (no idle class, no CPU
  // of its own, no lowered niceness), so that nothing of it starves when the machine is busy.
  it('run every process at the normal priority, on every CPU', { timeout: 60_000 }, async () => {
    const scheduling = (pid: number) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const allowed = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      // stat's fields from the third: nice is the 19th, policy the 41st (0: SCHED_OTHER).
      return { nice: fields[16], policy: fields[38], allowed };
    };
    const mine = scheduling(process.pid);
    await expect.poll(() => stackProcesses(stack.dataDir).length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(4);
    for (const p of stackProcesses(stack.dataDir)) expect({ name: p.name, ...scheduling(p.pid) }).toEqual({ name: p.name, ...mine });
  });
});

describe.runIf(process.platform === 'linux')('stopping the local stack', () => {
  // Right away, the event runtime may still be loading. (A stop a second later, once timed to find
  // Chromium starting, is the next test's, which waits until Chromium is there: a stack start fewer.)
  it('leaves nothing behind when stopped as soon as it is up', { timeout: 60_000 }, async () => {
    const stack = await startChildStack({ warmRenderer: true });
    expect(processesOf(stack.dataDir).length).toBeGreaterThan(0);
    await stack.stop();
    await sleep(500);
    expect(processesOf(stack.dataDir)).toEqual([]);
  });

  it('leaves nothing behind when stopped while Chromium starts, Chromium included', { timeout: 300_000 }, async () => {
    const stack = await startChildStack({ warmRenderer: true });
    await expect.poll(() => processesOf(stack.dataDir).some((name) => name.startsWith('chrom')), { timeout: CHROMIUM_WAIT_MS, interval: 100 }).toBe(true);
    await stack.stop();
    // Chromium's helpers leave a moment after the browser does (on a loaded machine, more than
    // half a second): what matters is that they go, not how fast.
    await expect.poll(() => processesOf(stack.dataDir), { timeout: CHROMIUM_WAIT_MS, interval: 200 }).toEqual([]);
  });

  it('stops when the process that started it is killed without stopping it', { timeout: 60_000 }, async () => {
    const helper = pathToFileURL(join(import.meta.dirname, '..', 'support', 'child-stack.ts')).href;
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const s = await (await import(${JSON.stringify(helper)})).startChildStack(); console.log('DATA ' + s.dataDir);`,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const dataDir = await new Promise<string>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = out.match(/DATA (\S+)/);
        if (m) resolve(m[1]!);
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited with ${code}: ${out}`)));
    });
    expect(processesOf(dataDir).length).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    await expect.poll(() => processesOf(dataDir), { timeout: 20_000, interval: 200 }).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('a killed stack', () => {
  // No goodbye at all (kill -9 of every Node process of the stack, as an out-of-memory kill or a
  // crashed terminal would do): Chromium, talking to the event runtime over a pipe, sees it
  // close and exits, instead of living on as an orphan.
  it('leaves no Chromium behind', { timeout: 300_000 }, async () => {
    const stack = await startChildStack({ warmRenderer: true });
    const chromium = () => stackProcesses(stack.dataDir).filter((p) => p.name.startsWith('chrom'));
    await expect.poll(() => chromium().length, { timeout: CHROMIUM_WAIT_MS, interval: 100 }).toBeGreaterThan(0);
    // Let the launch finish (the browser connected), as it is once the stack has been up a while.
    await sleep(3000);
    for (const p of stackProcesses(stack.dataDir)) {
      if (!p.name.startsWith('chrom')) process.kill(p.pid, 'SIGKILL');
    }
    try {
      await expect.poll(() => chromium().map((p) => p.name), { timeout: CHROMIUM_WAIT_MS, interval: 200 }).toEqual([]);
    } finally {
      for (const p of chromium()) process.kill(p.pid, 'SIGKILL');
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
  });
});

describe('a second `npm start`', () => {
  it('on the data directory of a running stack stops with one line naming DATA_DIR, before building anything', { timeout: 90_000 }, async () => {
    const stack = await runningStack();
    const started = Date.now();
    const second = spawn('npm', ['start', '--silent'], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, DATA_DIR: stack.dataDir, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stdout.on('data', (c: Buffer) => (out += c.toString()));
    second.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise((r) => second.once('exit', r));
    expect(code).toBe(1);
    const lines = out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('npm warn'));
    expect(lines).toEqual([expect.stringContaining(`DATA_DIR=${stack.dataDir}`)]);
    expect(lines[0]).toContain(stack.url);
    expect(out).not.toMatch(/vite|building|\n\s+at /);
    expect(Date.now() - started).toBeLessThan(30_000);
    // The running stack still answers.
    expect((await fetch(`${stack.url}/public/tmp`)).status).toBeLessThan(500);
  });

  it('on a port in use stops with one line naming PORT', { timeout: 60_000 }, async () => {
    const stack = await runningStack();
    const port = new URL(stack.url).port;
    const dataDir = `${stack.dataDir}-second`;
    const second = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'local', 'main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: port },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stdout.on('data', (c: Buffer) => (out += c.toString()));
    second.stderr.on('data', (c: Buffer) => (out += c.toString()));
    expect(await new Promise((r) => second.once('exit', r))).toBe(1);
    const lines = out
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Port ${port} is already in use.*set PORT`))]);
  });
});
