import { route } from '../routes';
import { httpHandler } from '../middleware/access/staff';
import { exportApplications, exportQuery } from './staff-export';

export const handler = httpHandler(route('exportApplicationsJson'), { query: exportQuery }, exportApplications('json'));
