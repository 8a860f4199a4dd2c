/**
 * dynalite in its own process (see servers.ts): DynamoDB is separate compute in AWS, and here
 * it keeps LevelDB's work off the event loop that answers applicants. Reports its port over IPC.
 */
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

const server = dynalite({ path: process.env.DYNALITE_PATH, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => server.close(() => process.exit(0)));
