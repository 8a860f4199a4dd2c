/**
 * How a render starts: the render Lambda (adapters/renderer/request.ts), or the local stack's
 * event runtime installed in its place. The routes and the release ask through these.
 */
import { invokeLetterPrint, invokeRender, requestLetterPrint, requestPdfRender } from '#adapters/renderer/request';
import { standIn } from './stand-ins';

export const requestApplicationPdf = (sub: string, version?: string): Promise<boolean> =>
  requestPdfRender(standIn('startRender') ?? invokeRender, sub, version);

export const requestDecisionLetter = (sub: string): Promise<void> => requestLetterPrint(standIn('startLetterPrint') ?? invokeLetterPrint, sub);
