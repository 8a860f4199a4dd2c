/** What the retention sweep reads from the tables: activity from the status table, submissions from the answers table. */
import type { RetentionRecords } from '#domain/ports/retention';
import { listActivity } from './activity';
import { applicationKeys, applicationState, listSubmittedBefore } from './submitted';

export const retentionRecords: RetentionRecords = { listActivity, listSubmittedBefore, applicationState, applicationKeys };
