/**
 * s3rver in its own process (see servers.ts): S3 is separate compute in AWS, and here it keeps
 * multipart parsing and file I/O of uploads, conversions and PDFs off the event loop that
 * answers applicants. Reports its port, then every ObjectCreated event, over IPC.
 */
import S3rver from 's3rver';

const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.env.S3RVER_DIRECTORY,
  configureBuckets: (JSON.parse(process.env.S3RVER_BUCKETS ?? '[]') as string[]).map((name) => ({ name })),
  // Path-style only: the SDK is set to forcePathStyle locally.
  vhostBuckets: false,
});
s3.on('event', (event) => {
  // An upload that lands while the stack shuts down has nobody left to convert it: sending on a
  // closed channel would crash this process with ERR_IPC_CHANNEL_CLOSED instead.
  if (!process.connected) return;
  for (const record of event.Records) if (record.eventName.startsWith('ObjectCreated:')) process.send?.({ record });
});
const address = await s3.run();
process.send?.({ port: address.port });
process.on('disconnect', () => void s3.close().finally(() => process.exit(0)));
