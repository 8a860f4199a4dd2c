/**
 * Keeps what a PDF shows and drops everything it could do. An uploaded PDF is forwarded to staff
 * and, through the application PDF, to the office's systems: a script, an open action, a link to
 * a tracking address, a form that submits somewhere, a launch action or an attached file must not
 * travel with it. What stays is the page: its content, resources and boxes.
 *
 * In place, on a document about to be saved:
 * 1. every annotation that shows something (a filled form field, a stamp, a highlight) is drawn
 *    into the page content from its appearance, as a printer would, and the annotations go;
 * 2. the catalog and every page keep only the entries that describe what is shown;
 * 3. every object loses the entries that act (actions, additional actions, scripts, attached and
 *    external files), and any action left over is emptied;
 * 4. whatever is no longer reachable from the catalog is deleted, so what was cut off is not
 *    even left in the file's bytes.
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFContext,
  type PDFDocument,
  type PDFObject,
  type PDFOperator,
  type PDFPage,
} from '@cantoo/pdf-lib';

const name = (n: string) => PDFName.of(n);

/** What a catalog may keep: the pages, their labels and how they are shown, structure for accessibility. */
const CATALOG_KEYS = new Set([
  'Type',
  'Version',
  'Pages',
  'PageLabels',
  'PageLayout',
  'PageMode',
  'ViewerPreferences',
  'Metadata',
  'MarkInfo',
  'StructTreeRoot',
  'Lang',
  'OutputIntents',
  'OCProperties',
]);
/** What a page may keep: its boxes, content, resources and structure. */
const PAGE_KEYS = new Set([
  'Type',
  'Parent',
  'MediaBox',
  'CropBox',
  'BleedBox',
  'TrimBox',
  'ArtBox',
  'Rotate',
  'UserUnit',
  'Resources',
  'Contents',
  'Group',
  'StructParents',
  'Tabs',
  'LastModified',
]);
/**
 * Entries that act or carry files, wherever they appear (the catalog's and pages' own entries are
 * cut by the lists above; name trees stay, since the structure tree's IDs are one).
 */
const ACTIVE_KEYS = [
  'AA',
  'OpenAction',
  'JS',
  'JavaScript',
  'AcroForm',
  'XFA',
  'EmbeddedFiles',
  'EF',
  'RF',
  'AF',
  'URI',
  'Next',
  'Perms',
  'Collection',
  'RichMediaContent',
].map(name);
/** A stream whose data lives in another file. */
const EXTERNAL_STREAM_KEYS = ['F', 'FFilter', 'FDecodeParms'].map(name);
const ACTION_TYPES = new Set([
  'GoTo',
  'GoToR',
  'GoToE',
  'GoToDp',
  'Launch',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'RichMediaExecute',
]);
/** Annotation flags: Hidden and NoView annotations show nothing. */
const HIDDEN = 2;
const NO_VIEW = 32;

export function stripActiveContent(doc: PDFDocument): void {
  for (const page of doc.getPages()) flattenAnnotations(page);
  keepOnly(doc.catalog, CATALOG_KEYS);
  for (const page of doc.getPages()) keepOnly(page.node, PAGE_KEYS);
  for (const [, object] of doc.context.enumerateIndirectObjects()) scrub(object);
  dropUnreachable(doc.context);
}

function keepOnly(dict: PDFDict, allowed: ReadonlySet<string>): void {
  for (const key of dict.keys()) if (!allowed.has(key.decodeText())) dict.delete(key);
}

function scrub(object: PDFObject | undefined, depth = 0): void {
  // Direct objects nest; a hostile file may nest them deeply, but nothing visual needs 64 levels.
  if (depth > 64) return;
  if (object instanceof PDFStream) {
    scrub(object.dict, depth + 1);
    for (const key of EXTERNAL_STREAM_KEYS) object.dict.delete(key);
  } else if (object instanceof PDFDict) {
    const type = object.get(name('S'));
    if (type instanceof PDFName && ACTION_TYPES.has(type.decodeText()) && isAction(object)) {
      for (const key of object.keys()) object.delete(key);
      return;
    }
    for (const key of ACTIVE_KEYS) object.delete(key);
    const action = object.lookup(name('A'));
    if (action instanceof PDFDict && action.has(name('S'))) object.delete(name('A'));
    for (const [, value] of object.entries()) if (!(value instanceof PDFRef)) scrub(value, depth + 1);
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) if (!(value instanceof PDFRef)) scrub(value, depth + 1);
  }
}

/** /S names an action in an action dictionary; structure elements, borders and masks use /S too. */
function isAction(dict: PDFDict): boolean {
  const type = dict.get(name('Type'));
  return type === undefined || (type instanceof PDFName && type.decodeText() === 'Action');
}

function numbers(object: PDFObject | undefined, count: number): number[] | undefined {
  if (!(object instanceof PDFArray) || object.size() !== count) return undefined;
  const values = object.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : Number.NaN));
  return values.every(Number.isFinite) ? values : undefined;
}

/** The appearance stream an annotation shows now, if it shows one. */
function shownAppearance(annot: PDFDict): PDFRef | undefined {
  const flags = annot.lookup(name('F'));
  if (flags instanceof PDFNumber && (flags.asNumber() & (HIDDEN | NO_VIEW)) !== 0) return undefined;
  if (annot.get(name('Subtype')) === name('Popup')) return undefined;
  const appearances = annot.lookup(name('AP'));
  if (!(appearances instanceof PDFDict)) return undefined;
  let normal = appearances.get(name('N'));
  const states = normal instanceof PDFRef ? annot.context.lookup(normal) : normal;
  if (states instanceof PDFDict && !(states instanceof PDFStream)) {
    // A check box or radio button: one appearance per state, the current state in /AS.
    const state = annot.get(name('AS'));
    normal = state instanceof PDFName ? states.get(state) : undefined;
  }
  return normal instanceof PDFRef && annot.context.lookup(normal) instanceof PDFStream ? normal : undefined;
}

/** Where an appearance lands on the page: its box, through its matrix, onto the annotation's rectangle. */
function placement(annot: PDFDict, appearance: PDFStream): number[] | undefined {
  const rect = numbers(annot.lookup(name('Rect')), 4);
  const bbox = numbers(appearance.dict.lookup(name('BBox')), 4);
  if (!rect || !bbox) return undefined;
  const [a, b, c, d, e, f] = numbers(appearance.dict.lookup(name('Matrix')), 6) ?? [1, 0, 0, 1, 0, 0];
  const corners = [
    [bbox[0]!, bbox[1]!],
    [bbox[2]!, bbox[1]!],
    [bbox[0]!, bbox[3]!],
    [bbox[2]!, bbox[3]!],
  ].map(([x, y]) => [a! * x! + c! * y! + e!, b! * x! + d! * y! + f!]);
  const xs = corners.map((p) => p[0]!);
  const ys = corners.map((p) => p[1]!);
  const [bx1, by1, bx2, by2] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const [rx1, ry1, rx2, ry2] = [Math.min(rect[0]!, rect[2]!), Math.min(rect[1]!, rect[3]!), Math.max(rect[0]!, rect[2]!), Math.max(rect[1]!, rect[3]!)];
  if (bx2 - bx1 <= 0 || by2 - by1 <= 0 || rx2 - rx1 <= 0 || ry2 - ry1 <= 0) return undefined;
  const sx = (rx2 - rx1) / (bx2 - bx1);
  const sy = (ry2 - ry1) / (by2 - by1);
  return [sx, 0, 0, sy, rx1 - sx * bx1, ry1 - sy * by1];
}

function flattenAnnotations(page: PDFPage): void {
  const annots = page.node.lookup(name('Annots'));
  page.node.delete(name('Annots'));
  if (!(annots instanceof PDFArray)) return;
  const operators: PDFOperator[] = [];
  for (const entry of annots.asArray()) {
    const annot = page.doc.context.lookup(entry);
    if (!(annot instanceof PDFDict)) continue;
    const ref = shownAppearance(annot);
    const appearance = ref && page.doc.context.lookup(ref);
    if (!ref || !(appearance instanceof PDFStream)) continue;
    const matrix = placement(annot, appearance);
    if (!matrix) continue;
    appearance.dict.set(name('Type'), name('XObject'));
    appearance.dict.set(name('Subtype'), name('Form'));
    const xobject = page.node.newXObject('Annot', ref);
    operators.push(
      pushGraphicsState(),
      concatTransformationMatrix(...(matrix as [number, number, number, number, number, number])),
      drawObject(xobject),
      popGraphicsState(),
    );
  }
  if (operators.length > 0) page.pushOperators(...operators);
  // Drawing normalises the page, which gives it an empty /Annots again.
  page.node.delete(name('Annots'));
}

function dropUnreachable(context: PDFContext): void {
  const reachable = new Set<string>();
  const pending: PDFObject[] = [];
  const visit = (object: PDFObject | undefined) => {
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) return;
      reachable.add(object.tag);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object) {
      pending.push(object);
    }
  };
  visit(context.trailerInfo.Root);
  visit(context.trailerInfo.Info);
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFStream) visit(object.dict);
    else if (object instanceof PDFDict) for (const [, value] of object.entries()) visit(value);
    else if (object instanceof PDFArray) for (const value of object.asArray()) visit(value);
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) context.delete(ref);
}
