/**
 * No hard-coded user-facing string in the applicant's web app (issue 41, Tests): every word comes
 * from the catalogs (`t('…')`, `<T id="…"/>`). Over the JSX of web/src minus the staff console
 * (which may stay English), this finds literal text children and literal user-facing attributes
 * (aria-label, title, placeholder, alt…), also inside a condition (`{a ? 'Yes' : 'No'}`).
 * TypeScript's own parser, not a regular expression, so comments and type positions never count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'web/src');

/** The staff console stays English in issue 41; tests are not the app. */
const OUT_OF_SCOPE = ['features/staff/', 'test/'];

/**
 * NOT YET TRANSLATED (issue 41, still open): the privacy notice's long text, and the print view
 * behind the PDF (the applicant's PDF in their language is the next round). A file listed
 * here is not scanned; take it off when it is done.
 */
const NOT_YET_TRANSLATED: string[] = [];

const USER_FACING_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);

/** Names that are the same in every language (the browsers the privacy text links to). */
const PROPER_NAMES = new Set(['Chrome', 'Firefox', 'Safari', 'Edge']);

/** Text with a letter in it (punctuation, numbers and symbols like "·" or "×" are no words to translate), and no proper name. */
const hasWords = (text: string): boolean => /\p{L}/u.test(text) && !PROPER_NAMES.has(text.trim());

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** String literals an expression evaluates to directly (through conditions and `&&`), not the arguments of a call. */
function literals(node: ts.Node, found: ts.Node[]): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    if (hasWords(node.text)) found.push(node);
  } else if (ts.isTemplateExpression(node)) {
    if ([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].some(hasWords)) found.push(node);
  } else if (ts.isConditionalExpression(node)) {
    literals(node.whenTrue, found);
    literals(node.whenFalse, found);
  } else if (ts.isBinaryExpression(node)) {
    // What the expression can evaluate to: `a && 'x'`, `a ?? 'x'`, `'a' + x`; a comparison (`stage !== 'final'`) yields a boolean.
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) literals(node.right, found);
    else if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      literals(node.left, found);
      literals(node.right, found);
    }
  } else if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) {
    if (node.expression) literals(node.expression, found);
  }
}

/** Each hard-coded text of a file, as `file:line "text"`. */
export function hardCodedTexts(path: string, source = readFileSync(path, 'utf8')): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(node);
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) literals(node.expression, found);
    else if (ts.isJsxAttribute(node) && node.initializer && USER_FACING_ATTRIBUTES.has(node.name.getText(file))) literals(node.initializer, found);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.map((node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node) ? node.text : node.getText(file);
    return `${relative(ROOT, path)}:${line} ${text.trim().replace(/\s+/g, ' ')}`;
  });
}

describe('no hard-coded user-facing string in the applicant web app', () => {
  const scanned = files(WEB).filter((path) => {
    const rel = relative(WEB, path);
    return ![...OUT_OF_SCOPE, ...NOT_YET_TRANSLATED].some((prefix) => rel.startsWith(prefix));
  });

  it('finds literal text, conditions and user-facing attributes (the rule itself can fail)', () => {
    const sample = `const a = (x: boolean, t: (id: string) => string) => (
      <div aria-label="Close" title={t('ok.id')} className="not-words">
        Hello {x ? 'Yes' : t('no.id')} {x && 'Shown'} {' · '} {t('fine')} {String(x) !== 'compared' && t('ok')} <b>Firefox</b>
        <img alt={\`Logo of \${x}\`} src="a.png" />
      </div>
    );`;
    expect(hardCodedTexts(join(WEB, 'sample.tsx'), sample).map((s) => s.replace(/^[^ ]+ /, ''))).toEqual(['Close', 'Hello', 'Yes', 'Shown', '`Logo of ${x}`']);
  });

  it('scans the shell, the shared components and the pages already in the catalogs', () => {
    expect(scanned.length).toBeGreaterThan(40);
    expect(scanned.some((p) => p.includes('features/staff/'))).toBe(false);
  });

  it('every word in the scanned JSX comes from the catalogs', () => {
    expect(scanned.flatMap((path) => hardCodedTexts(path))).toEqual([]);
  });
});
