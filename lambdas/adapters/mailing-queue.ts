/**
 * The queue of mailings (domain/ports/messages.ts) in AWS: an SQS queue (MAILING_QUEUE_URL, with
 * its dead-letter queue: lib/messages.ts) whose messages are a mailing's start (`{mailing}`) or
 * one recipient's delivery (`{mailing, application}`), which the mailing sender's Lambda drains at
 * the configured rate. SendMessageBatch is signed without the SQS client (./signed-request.ts),
 * in SQS's JSON protocol, ten messages to a request.
 */
import type { MailingQueue } from '#domain/ports/messages';
import { config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, postRequest, refused, sendRequest, signer } from './signed-request';

/** A message of the queue: a start, or one recipient's delivery. */
export type MailingJob = { mailing: string; application?: undefined } | { mailing: string; application: string };

const BATCH = 10;

async function signedSendMessages(operation: 'SendMessageBatchCommand', jobs: readonly MailingJob[]): Promise<void> {
  const { region, mailingQueueUrl, sqsEndpoint } = config();
  if (!mailingQueueUrl) throw new Error('MAILING_QUEUE_URL is not set');
  const body = new TextEncoder().encode(
    JSON.stringify({ QueueUrl: mailingQueueUrl, Entries: jobs.map((job, i) => ({ Id: String(i), MessageBody: JSON.stringify(job) })) }),
  );
  const reply = await sendRequest(
    signer('sqs', region, awsCredentials()),
    () =>
      postRequest(
        sqsEndpoint || `https://sqs.${region}.${dnsSuffix(region)}`,
        '/',
        { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessageBatch' },
        body,
      ),
    { readBody: true },
  );
  if (reply.status !== 200) throw refused(`SQS ${operation}`, reply.status);
  const failed = (JSON.parse(reply.body || '{}') as { Failed?: unknown[] }).Failed ?? [];
  if (failed.length > 0) throw new Error(`SQS ${operation} refused ${failed.length} of ${jobs.length} messages`);
}

export async function sendJobs(jobs: readonly MailingJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += BATCH) await signedSendMessages('SendMessageBatchCommand', jobs.slice(i, i + BATCH));
}

export const sqsMailingQueue: MailingQueue = {
  start: (mailing) => sendJobs([{ mailing }]),
  enqueue: (mailing, applications) => sendJobs(applications.map((application) => ({ mailing, application }))),
};
