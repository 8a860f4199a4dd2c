import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { exportApplications } from './staff-export';
import { exportInput } from '#form/wire/staff';

export const handler = httpHandler(route('exportApplicationsJson'), exportInput, exportApplications('json'));
