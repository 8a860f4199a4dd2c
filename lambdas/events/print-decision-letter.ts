/**
 * The decision letter's PDF, printed by the renderer (the render Lambda takes
 * `{kind: 'decision-letter', sub}`; locally the event runtime runs it): the letter's own page,
 * self-contained, printed with scripts off and no network, and stored in the documents bucket
 * once per release. A failure throws, so the asynchronous invocation's retries try again. A
 * letter stored while the applicant's account is being deleted is deleted again (`withdrawn`).
 */
import { log } from '#adapters/log';
import { printDecisionLetter } from '#domain/releases/applicant';
import { letterPrintPorts } from '#wiring/render';

export async function printLetterOrThrow(sub: string): Promise<string> {
  const outcome = await printDecisionLetter(await letterPrintPorts(), sub);
  log.info(outcome === 'withdrawn' ? 'decision letter taken back: the account was closed meanwhile' : 'decision letter', { sub, outcome });
  return outcome;
}
