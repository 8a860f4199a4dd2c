/**
 * The decision letter's PDF, printed by the renderer (the render Lambda takes
 * `{kind: 'decision-letter', sub}`; locally the event runtime runs it): the letter's own page,
 * self-contained, printed with scripts off and no network, and stored in the documents bucket
 * once per release. A failure throws, so the asynchronous invocation's retries try again. A
 * letter stored while the applicant's account is being deleted is deleted again (`withdrawn`).
 */
import { decisionSettings } from '#adapters/decision-settings';
import { lateWritePorts } from '#adapters/erasure-ports';
import { letterheadLogo } from '#adapters/letterhead';
import { log } from '#adapters/log';
import { printHtml } from '#adapters/renderer/print';
import { objectSize, putPdf } from '#adapters/storage/objects';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { printDecisionLetter } from '#domain/releases/applicant';
import { config } from '#lambdas/config';

export async function printLetterOrThrow(sub: string): Promise<string> {
  const outcome = await printDecisionLetter(
    {
      decisions: decisionsStore,
      readSubmitted,
      settings: decisionSettings(),
      letterSize: (key) => objectSize(config().documentsBucket, key),
      print: (html) => printHtml(html),
      store: (key, pdf) => putPdf(config().documentsBucket, key, pdf),
      lateWrites: lateWritePorts,
      logo: letterheadLogo,
    },
    sub,
  );
  log.info(outcome === 'withdrawn' ? 'decision letter taken back: the account was closed meanwhile' : 'decision letter', { sub, outcome });
  return outcome;
}
