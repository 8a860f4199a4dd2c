/**
 * The decision letter's PDF, printed by the renderer (the render Lambda takes
 * `{kind: 'decision-letter', sub}`; locally the event runtime runs it): the letter's own page,
 * self-contained, printed with scripts off and no network, and stored in the documents bucket
 * once per release. A failure throws, so the asynchronous invocation's retries try again.
 */
import { config } from '#lambdas/config';
import { log } from '#adapters/log';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { objectSize, putPdf } from '#adapters/storage/objects';
import { printHtml } from '#adapters/renderer/print';
import { decisionSettings } from '#adapters/decision-settings';
import { printDecisionLetter } from '#domain/releases/applicant';

export async function printLetterOrThrow(sub: string): Promise<string> {
  const outcome = await printDecisionLetter(
    {
      decisions: decisionsStore,
      readSubmitted,
      settings: decisionSettings(),
      letterSize: (key) => objectSize(config().documentsBucket, key),
      print: (html) => printHtml(html),
      store: (key, pdf) => putPdf(config().documentsBucket, key, pdf),
    },
    sub,
  );
  log.info('decision letter', { sub, outcome });
  return outcome;
}
