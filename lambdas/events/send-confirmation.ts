/**
 * The confirmation e-mail job, invoked asynchronously with `{sub}` by submit. A failed send
 * throws, so Lambda retries the event (twice, then the dead-letter queue); a sent one is never
 * sent again (see domain/confirmation.ts).
 */
import { log, withLogContext } from '#adapters/log';
import { sendConfirmationMail, type ConfirmationOutcome } from '#domain/confirmation';
import { confirmationPorts } from '#wiring/confirmation';

export interface ConfirmationEvent {
  sub: string;
}

async function handle(event: ConfirmationEvent): Promise<ConfirmationOutcome | 'ignored'> {
  if (!event || typeof event.sub !== 'string' || !/^[A-Za-z0-9-]{1,128}$/.test(event.sub)) {
    log.warn('confirmation event without a valid sub ignored');
    return 'ignored';
  }
  const outcome = await sendConfirmationMail(await confirmationPorts(), event.sub);
  if (outcome !== 'sent') log.info('confirmation e-mail not sent', { sub: event.sub, outcome });
  return outcome;
}

export const handler = withLogContext('sendConfirmation', handle);
