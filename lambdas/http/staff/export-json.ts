import { exportHandler } from './export';

export const handler = exportHandler('json');
