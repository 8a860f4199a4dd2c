/**
 * The office's routes join the web client's table when the console loads: the applicant's first
 * load carries none of their paths. Every console module that calls a route imports this first.
 */
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { registerEndpoints } from '#web/lib/api-client';

registerEndpoints(staffEndpoints);
