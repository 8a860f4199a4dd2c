import { route } from '../routes';
import { httpHandler } from '../middleware/access/staff';
import { exportApplications, exportQuery } from './staff-export';

export const handler = httpHandler(route('exportApplicationsCsv'), { query: exportQuery }, exportApplications('csv'));
