import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { exportApplications, exportQuery } from './staff-export';

export const handler = httpHandler(route('exportApplicationsCsv'), { query: exportQuery }, exportApplications('csv'));
