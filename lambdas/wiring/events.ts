/**
 * Where submission events go: the publisher Lambda (adapters/events.ts), or the events file the
 * local stack installs in its place (/_dev/events). Never throws: false when not published.
 */
import { invokePublisher, publishOrLog, type SubmissionEvent } from '#adapters/events';
import { standIn } from './stand-ins';

export const publishSubmissionEvent = (event: SubmissionEvent): Promise<boolean> => publishOrLog(standIn('publishEvent') ?? invokePublisher, event);
