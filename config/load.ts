/**
 * Reads an institution's configuration file (YAML, or JSON, which YAML reads too), checks it
 * with the published schema (institutions/institution.schema.json, JSON Schema 2020-12, Ajv)
 * and with what a schema cannot say (checks.ts), and compiles it into the sections every
 * consumer reads (form/types.ts's InstitutionSections), with the brand's images named for the
 * web build. A file with problems is refused with all of them, each at its path and line.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { BrandImage, InstitutionSections } from '#form/types';
import { checkBeyondSchema, closest, type Finding, type ImageReport, type Path } from './checks';
import type { InstitutionFile } from './file';
import { EXTENSIONS, inspectImage, type ImageKind } from './images';
import { dotted, InstitutionConfigError, type Problem } from './problems';
import { compileTexts, senderNameFindings, serverTextsOf, TEXT_REF, textValueFindings, translatedLetterFindings } from './texts';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
export const SCHEMA_FILE = join(REPO_ROOT, 'institutions', 'institution.schema.json');
/** The sample institution: what runs when INSTITUTION_CONFIG names no other. */
export const SAMPLE_INSTITUTION = join(REPO_ROOT, 'institutions', 'example-state', 'institution.yaml');

/** A brand image as the web build and the render function's bundle carry it. */
export interface BrandAsset {
  /** The source file. */
  path: string;
  /** Its name in the web build's brand/ folder: <role>-<hash>.<ext>, so a new logo is a new address. */
  fileName: string;
  bytes: Buffer;
  mediaType: BrandImage['mediaType'];
}

export interface LoadedInstitution {
  /** The file, absolute. */
  file: string;
  sections: InstitutionSections;
  assets: Record<ImageKind, BrandAsset>;
  /** Changes with anything of the file or its images (the bundled stack's synth is redone on it). */
  hash: string;
  /** What runs but is worth saying: a text without a value in one of the languages (it shows the institution's). */
  warnings: Problem[];
}

/** The schema, compiled once per process. */
let validator: ReturnType<Ajv2020['compile']> | undefined;
let schema: Record<string, unknown> | undefined;
function validate(data: unknown): readonly ErrorObject[] {
  if (!validator) {
    schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    validator = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowMatchingProperties: true }).compile(schema);
  }
  return validator(data) ? [] : (validator.errors ?? []);
}

/** The file named by INSTITUTION_CONFIG (relative to where the command was typed), or the sample. */
export function chosenInstitutionFile(named = process.env.INSTITUTION_CONFIG): string {
  if (!named) return SAMPLE_INSTITUTION;
  return isAbsolute(named) ? named : resolve(process.env.INIT_CWD ?? process.cwd(), named);
}

/** How a file is named in messages: relative to the repository when inside it. */
export function shownPath(file: string): string {
  const inside = relative(REPO_ROOT, file);
  return inside.startsWith('..') || isAbsolute(inside) ? file : inside;
}

// ------------------------------------------------------------------ the schema's errors in words

type SchemaNode = {
  $ref?: string;
  description?: string;
  examples?: unknown[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  type?: string;
  minimum?: number;
  maximum?: number;
};

/** A subschema with its $ref followed (the property's own description wins). */
function resolved(node: SchemaNode | undefined): SchemaNode {
  if (!node?.$ref) return node ?? {};
  const target = node.$ref.replace('#/$defs/', '');
  const def = ((schema?.$defs as Record<string, SchemaNode>) ?? {})[target] ?? {};
  return { ...def, ...node, examples: node.examples ?? def.examples, description: node.description ?? def.description };
}

/** The schema of the field at `at`, from the root: its own description, not its type's. */
function schemaAt(at: Path): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  for (const key of at) {
    const here: SchemaNode = resolved(node);
    node = typeof key === 'number' ? here.items : here.properties?.[key];
    if (!node) return undefined;
  }
  return node;
}

const example = (node: SchemaNode) => {
  const e = resolved(node).examples?.[0];
  return e === undefined ? undefined : typeof e === 'string' ? `'${e}'` : JSON.stringify(e);
};
const described = (node: SchemaNode, fallback: string) => {
  const n = resolved(node);
  const e = example(n);
  return `${n.description ?? fallback}${e ? ` For example ${e}.` : ''}`;
};
const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
const pathOf = (pointer: string): Path =>
  (pointer
    ? pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    : []
  ).map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/**
 * A text (`$defs/text`: words, or a value per language) the schema refused: Ajv reports each
 * branch's complaint; these say the one that matters, at the field or its language.
 */
function textErrors(errors: readonly ErrorObject[]): { findings: Finding[]; rest: ErrorObject[] } {
  // Ajv names the keyword's place inside the definition (#/anyOf), not the definition: known by its schema.
  const text = (schema?.$defs as Record<string, unknown> | undefined)?.[TEXT_REF.replace('#/$defs/', '')];
  const texts = errors.filter((e) => e.keyword === 'anyOf' && e.parentSchema === text);
  const inside = (e: ErrorObject) => texts.some((t) => e.instancePath === t.instancePath || e.instancePath.startsWith(`${t.instancePath}/`));
  const findings = texts.flatMap((t) => {
    const at = pathOf(t.instancePath);
    return textValueFindings(t.data, at, (fallback) => described(schemaAt(at) ?? {}, fallback));
  });
  return { findings, rest: errors.filter((e) => !inside(e)) };
}

function schemaFinding(e: ErrorObject): Finding {
  const at = pathOf(e.instancePath);
  const node = schemaAt(at) ?? ((e.parentSchema ?? {}) as SchemaNode);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const name = String(p.missingProperty);
      return {
        at: [...at, name],
        message: 'is missing.',
        fix: `Add ${name}: ${described(node.properties?.[name] ?? {}, 'see institutions/institution.schema.json.')}`,
      };
    }
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const near = closest(name, Object.keys(node.properties ?? {}));
      return {
        at: [...at, name],
        message: 'is not a field the file knows.',
        fix: near ? `Write ${near}, or remove it.` : `Remove it (the fields here: ${Object.keys(node.properties ?? {}).join(', ')}).`,
      };
    }
    case 'type':
      return {
        at,
        message: `is ${Array.isArray(e.data) ? 'a list' : e.data === null ? 'empty' : `a ${typeof e.data}`}, not ${p.type === 'object' ? 'a group of fields' : p.type === 'array' ? 'a list' : `a ${String(p.type)}`}.`,
        fix: `Write ${described(node, 'the value the schema describes.')}`,
      };
    case 'pattern':
    case 'minLength':
      return {
        at,
        message: e.data === '' || (typeof e.data === 'string' && !e.data.trim()) ? 'is empty.' : `${shown(e.data)} is not in the form expected.`,
        fix: `Write ${described(node, 'the value the schema describes.')}`,
      };
    case 'maxLength':
      return { at, message: `is longer than ${String(p.limit)} characters.`, fix: 'Write it shorter.' };
    case 'enum':
      return {
        at,
        message: `${shown(e.data)} is not one of the choices.`,
        fix: `Write one of ${(p.allowedValues as unknown[]).map((v) => shown(v)).join(', ')}.`,
      };
    case 'minimum':
    case 'maximum': {
      const n = resolved(node);
      return {
        at,
        message: `${String(e.data)} is ${e.keyword === 'minimum' ? 'below' : 'above'} what is allowed.`,
        fix: `Write a whole number from ${n.minimum} to ${n.maximum}.`,
      };
    }
    case 'minItems':
      return { at, message: `lists ${(e.data as unknown[]).length}; at least ${String(p.limit)} are needed.`, fix: `Add ${described(node, 'items.')}` };
    case 'maxItems':
      return { at, message: `lists ${(e.data as unknown[]).length}; at most ${String(p.limit)} are allowed.`, fix: 'Remove some.' };
    case 'uniqueItems':
      return { at, message: `lists the same value twice (items ${Number(p.j) + 1} and ${Number(p.i) + 1}).`, fix: 'List each once.' };
    default:
      return { at, message: e.message ?? 'is not valid.', fix: 'See institutions/institution.schema.json.' };
  }
}

// ------------------------------------------------------------------ lines

/** The line of the field at `at`, or of the nearest enclosing field the file has. */
function lineOf(doc: Document, lines: LineCounter, at: Path): number | undefined {
  for (let n = at.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(at.slice(0, n), true);
    // A key the file has but whose value is missing or unknown to the schema: the key's own line.
    if (n < at.length && isMap(node)) {
      const pair = node.items.find((i) => isPair(i) && isScalar(i.key) && i.key.value === at[n]);
      if (pair && isScalar(pair.key) && pair.key.range) return lines.linePos(pair.key.range[0]).line;
    }
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) return lines.linePos(range[0]).line;
  }
  return undefined;
}

/** Findings about `file` as problems, each with its line. */
export function problemsIn(file: string, findings: readonly Finding[]): Problem[] {
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: lines });
  return sortByLine(findings.map((f) => toProblem(doc, lines, f)));
}

function toProblem(doc: Document, lines: LineCounter, f: Finding): Problem {
  const line = lineOf(doc, lines, f.at);
  return { path: dotted(f.at), ...(line ? { line } : {}), message: f.message, fix: f.fix };
}

// ------------------------------------------------------------------ compile

function readImage(dir: string, kind: ImageKind, name: string): { report: ImageReport[ImageKind]; asset?: BrandAsset } {
  const path = resolve(dir, name);
  if (!existsSync(path) || !statSync(path).isFile()) {
    return {
      report: {
        ok: false,
        message: `${name} is not a file beside the configuration (${shownPath(path)}).`,
        fix: `Put the ${kind} there, or write its path relative to the configuration file.`,
      },
    };
  }
  const bytes = readFileSync(path);
  const report = inspectImage(kind, name, bytes);
  if (!report.ok) return { report };
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  return { report, asset: { path, fileName: `${kind}-${hash}.${EXTENSIONS[report.mediaType]}`, bytes, mediaType: report.mediaType } };
}

function brandImage(asset: BrandAsset, report: ImageReport[ImageKind]): BrandImage {
  const { width, height } = report.ok ? report : { width: 0, height: 0 };
  return { src: `/brand/${asset.fileName}`, file: asset.fileName, mediaType: asset.mediaType, width, height };
}

/** Every problem of the file, in the order they appear in it (none: it may run). */
export function checkInstitution(file: string): { problems: Problem[]; loaded?: LoadedInstitution } {
  const problem = (message: string, fix: string, line?: number): { problems: Problem[] } => ({
    problems: [{ path: '', message, fix, ...(line ? { line } : {}) }],
  });
  if (!existsSync(file)) return problem('does not exist.', `Give the path of an institution's file (the sample: ${shownPath(SAMPLE_INSTITUTION)}).`);
  const text = readFileSync(file, 'utf8');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((e) => ({
        path: '',
        line: lines.linePos(e.pos[0]).line,
        message: `is not valid YAML: ${e.message.split('\n')[0]}`,
        fix: 'Correct the indentation or quoting on that line.',
      })),
    };
  }
  const data = doc.toJS({ maxAliasCount: 100 }) as unknown;
  const errors = validate(data);
  if (errors.length > 0) {
    const texts = textErrors(errors);
    // One problem per field: an empty text breaks its length and its pattern at once.
    const byPath = new Map<string, Finding>();
    for (const f of [...texts.findings, ...texts.rest.map(schemaFinding)]) if (!byPath.has(dotted(f.at))) byPath.set(dotted(f.at), f);
    return { problems: sortByLine([...byPath.values()].map((f) => toProblem(doc, lines, f))) };
  }
  // Each text in the institution's language, the others' values in a table per language.
  const texts = compileTexts(data, schema ?? {}, resolved);
  if (texts.conflicts.length > 0) return { problems: sortByLine(texts.conflicts.map((f) => toProblem(doc, lines, f))) };
  const raw = texts.file as InstitutionFile;
  const dir = resolve(file, '..');
  const logo = readImage(dir, 'logo', raw.brand.logo);
  const favicon = readImage(dir, 'favicon', raw.brand.favicon);
  const findings = [
    ...checkBeyondSchema(raw, { logo: logo.report, favicon: favicon.report }),
    ...translatedLetterFindings(raw.decisions.letters, texts.translations),
    ...senderNameFindings(raw.mail.senderName, texts.translations),
  ];
  if (findings.length > 0 || !logo.asset || !favicon.asset) return { problems: sortByLine(findings.map((f) => toProblem(doc, lines, f))) };
  const sections: InstitutionSections = {
    ...raw,
    brand: { colors: raw.brand.colors, logo: brandImage(logo.asset, logo.report), favicon: brandImage(favicon.asset, favicon.report) },
    translations: texts.translations,
    serverTexts: serverTextsOf(raw, texts.translations),
  };
  const hash = createHash('sha256').update(JSON.stringify(sections)).update(logo.asset.bytes).update(favicon.asset.bytes).digest('hex');
  const warnings = sortByLine(texts.missing.map((f) => toProblem(doc, lines, f)));
  return { problems: [], loaded: { file, sections, assets: { logo: logo.asset, favicon: favicon.asset }, hash, warnings } };
}

const sortByLine = (problems: Problem[]) => problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

/** The file compiled, or an InstitutionConfigError with every problem. */
export function loadInstitution(file: string = chosenInstitutionFile()): LoadedInstitution {
  const { problems, loaded } = checkInstitution(file);
  if (!loaded) throw new InstitutionConfigError(shownPath(file), problems);
  return loaded;
}
