/**
 * The documents submitted with an application, in the order its questions came: those of the
 * snapshot's document questions (a question removed since keeps its document), else the model's,
 * with each question's label. The office's view (domain/staff/application-view.ts) and the student
 * information system's read (domain/sis/application-record.ts) both show these.
 */
import { documentQuestionKeys, questionFor } from '#form/model';
import { documentQuestionsOf, type ApplicationSnapshot } from '#form/snapshot';
import type { DocumentItem } from '../ports/answers';

export function submittedDocuments(
  snapshot: ApplicationSnapshot | undefined,
  stored: readonly DocumentItem[],
): { asked: Map<string, string>; docs: DocumentItem[] } {
  const asked = snapshot ? documentQuestionsOf(snapshot) : new Map(documentQuestionKeys.map((key) => [key, questionFor(key)?.label ?? key]));
  const order = [...asked.keys()];
  const docs = stored.filter((d) => asked.has(d.key)).sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return { asked, docs };
}
