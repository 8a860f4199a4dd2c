import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { setConfig } from '#lambdas/config';
import { sampleBackedSource } from '#local/lookup-samples';
import { ensureTables } from '#local/servers';
import { installStandIns } from '#wiring/stand-ins';

/** An in-memory DynamoDB with a fresh lookup table, configured as the local stack would be. */
export async function startLookupTable(): Promise<{ stop: () => Promise<void> }> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { lookupTable } = setConfig({ dynamodbEndpoint: endpoint, lookupTable: `lookup-${Math.random().toString(36).slice(2)}` });
  await ensureTables(endpoint, [lookupTable]);
  installStandIns({ lookupSource: sampleBackedSource });
  return { stop: () => new Promise<void>((ok) => server.close(() => ok())) };
}
