/**
 * The status page after submission (domain/checklist.ts, domain/supplements.ts): the checklist of
 * materials and letters, and the materials an applicant adds there, with the form's own upload
 * grants, bucket and daily bound.
 */
import { attachUpload } from '#adapters/document-answers-store';
import { uploadsBucket } from '#adapters/storage/signed-objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { listRecommendations } from '#adapters/store/recommendations-store';
import { readTabs } from '#adapters/store/tabs-store';
import { uploadQuota } from '#adapters/store/upload-quota-store';
import { uploadGrants } from '#adapters/upload-grants';
import type { readChecklist } from '#domain/checklist';
import type { attachSupplement, presignSupplement } from '#domain/supplements';
import type { PortsOf } from './ports-of';

export function checklistPorts(): PortsOf<typeof readChecklist> {
  return { readApplicantRecord, readTabs, recommendations: { listRecommendations } };
}

export function supplementUploadPorts(): PortsOf<typeof presignSupplement> {
  return { readApplicantRecord, readTabs, grants: uploadGrants, uploads: uploadsBucket, quota: uploadQuota };
}

export function supplementPorts(): PortsOf<typeof attachSupplement> {
  return { readApplicantRecord, readTabs, grants: uploadGrants, uploads: uploadsBucket, documents: { attachUpload } };
}
