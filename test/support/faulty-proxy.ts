/**
 * A TCP proxy that can break the connection to a dependency on command, for fault tests: put
 * it between the handlers and dynalite (or s3rver) and switch its mode while requests run.
 * The mode is read at every packet, so kept-alive connections break too.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type FaultMode =
  /** Forward both ways. */
  | 'pass'
  /** Reset every connection at its first byte: the dependency is unreachable. */
  | 'refuse'
  /** Forward the request, then reset as the answer comes back: the dependency acted, the caller never hears. */
  | 'drop-response'
  /** Accept and never answer. */
  | 'hang';

export interface FaultyProxy {
  url: string;
  mode: FaultMode;
  /** Requests (first packets of a client write) seen in each mode since start. */
  seen: Record<FaultMode, number>;
  /** In 'pass' mode, holds back each request packet that matches for `ms` (in order on its connection). */
  delay?: { match: RegExp; ms: number };
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const proxy: FaultyProxy = {
    url: '',
    mode: 'pass',
    seen: { pass: 0, refuse: 0, 'drop-response': 0, hang: 0 },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const kill = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => sockets.delete(client) && upstream.destroy());
    upstream.on('close', () => sockets.delete(upstream) && client.destroy());
    client.on('error', kill);
    upstream.on('error', kill);
    let queue = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      proxy.seen[proxy.mode]++;
      if (proxy.mode === 'refuse') kill();
      else if (proxy.mode === 'pass' && proxy.delay) {
        const wait = proxy.delay.match.test(chunk.toString('latin1')) ? proxy.delay.ms : 0;
        queue = queue.then(() => new Promise<void>((ok) => setTimeout(ok, wait))).then(() => void upstream.write(chunk));
      } else if (proxy.mode !== 'hang') upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (proxy.mode === 'drop-response') kill();
      else if (proxy.mode !== 'hang') client.write(chunk);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
