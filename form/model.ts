/** The assembled form: pages in order and lookups over their questions. */
import { aboutPage } from './pages/about';
import { educationPage } from './pages/education';
import { finalStepsPage } from './pages/final-steps';
import type { AddAnotherNode, FormNode, Page, PageId, Question, TabGroupNode } from './types';
import { addAnothersIn, answerKeysIn, fileKeysIn, questionAnswerKeys, questionsIn, tabGroupsIn, type PageAnswerKey } from './walk';

/**
 * Every answer key the pages ask, companions included, as the compiler reads it off the pages'
 * builders: a rule or message for any other key does not compile.
 */
export type AnswerKey = PageAnswerKey<typeof aboutPage> | PageAnswerKey<typeof educationPage> | PageAnswerKey<typeof finalStepsPage>;

export const pages: readonly Page[] = [aboutPage, educationPage, finalStepsPage];

export function getPage(id: PageId): Page {
  const page = pages.find((p) => p.id === id);
  if (!page) throw new Error(`Unknown page ${id}`);
  return page;
}

export const pageNodes = (page: Page): FormNode[] => page.sections.flatMap((s) => s.children);

export const pageQuestions = (page: Page): Question[] => questionsIn(pageNodes(page));

export const pageAnswerKeys = (page: Page): string[] => answerKeysIn(pageNodes(page));

export const allQuestions: readonly Question[] = pages.flatMap(pageQuestions);

/** The top-level nodes of every page, in form order. */
export const allNodes: readonly FormNode[] = pages.flatMap(pageNodes);

/** Tab groups of the application by id (PUT /api/tabs names one). */
export const tabGroups: ReadonlyMap<string, TabGroupNode> = new Map(tabGroupsIn(allNodes).map((t) => [t.id, t]));

/** Add-another buttons of the application by button id (PUT /api/add-another names one). */
export const addAnotherButtons: ReadonlyMap<string, AddAnotherNode> = new Map(addAnothersIn(allNodes).map((a) => [a.buttonId, a]));

/** Document questions inside one tab: leaving that tab deletes their files. */
export function fileKeysOfTab(groupId: string, tabId: string): string[] {
  const tab = tabGroups.get(groupId)?.tabs.find((t) => t.id === tabId);
  return tab ? fileKeysIn(tab.children) : [];
}

/** Document (file) questions: stored as document answers, not in the answers record. */
export const documentQuestionKeys: readonly string[] = allQuestions.filter((q) => q.type === 'file').map((q) => q.key);

const pageByKey = new Map<string, PageId>();
const questionByAnswerKey = new Map<string, Question>();
for (const page of pages) {
  for (const q of pageQuestions(page)) {
    for (const key of [q.key, ...questionAnswerKeys(q)]) {
      pageByKey.set(key, page.id);
      questionByAnswerKey.set(key, q);
    }
  }
}

/** The page holding a question or answer key (companions included): the error summary links to path#key. */
export function questionPage(key: string): PageId | undefined {
  return pageByKey.get(key);
}

/** The question a key belongs to (its own key, a _desc companion, a year key or a checkbox option). */
export function questionFor(key: string): Question | undefined {
  return questionByAnswerKey.get(key);
}

/** Link target of an error: the page path plus the question key as anchor. */
export function errorLink(key: string): string | undefined {
  const pageId = questionPage(key);
  if (!pageId) return undefined;
  const q = questionFor(key);
  return `${getPage(pageId).path}#${q?.type === 'checkboxGroup' ? q.key : key}`;
}
