/**
 * The console's download links (a document's converted PDF, the application PDF): each request
 * is recorded in the application's access record, then answered 303 to a new short-lived link.
 */
import { staffDownload, type StaffFile } from '#domain/documents/downloads';
import { parseApplicationId } from '#form/wire/staff';
import { redirect, type HttpRequest } from '#middleware/http';
import { downloadPorts } from '#wiring/office';

/** The work of both download routes, for the file the path names. */
export function downloadFile(fileOf: (path: Record<string, string>) => StaffFile) {
  return async ({ path, staff, event }: HttpRequest<undefined, unknown, 'staff'>) =>
    redirect(await staffDownload(downloadPorts(staff, event), parseApplicationId(path.id), fileOf(path)));
}
