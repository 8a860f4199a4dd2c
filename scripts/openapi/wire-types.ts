/**
 * The types of each /sis/v1/ route, read from its declaration in form/wire/sis-endpoints.ts as
 * written (`endpoint<typeof input, Reply>()(…)`) and its input's (`bodyInput<Body>()(…)`,
 * `queryInput<Query>()(…)`), then turned into JSON Schemas by ts-json-schema-generator. The
 * generator reads syntax, and the routes' contract is a table of calls it cannot follow by
 * `typeof`; this walk hands it the type arguments themselves.
 */
import { resolve } from 'node:path';
import { createFormatter, createParser, createProgram, DEFAULT_CONFIG, SchemaGenerator, type CompletedConfig, type Schema } from 'ts-json-schema-generator';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const SIS_ENDPOINTS_FILE = resolve(ROOT, 'form', 'wire', 'sis-endpoints.ts');

/** A route's types as schemas (draft-07, each with its `definitions`): its answer, and its input's body and query where it takes them; and its declaration's comment. */
export interface RouteSchemas {
  response?: Schema;
  body?: Schema;
  query?: Schema;
  comment: string;
}

const CONFIG: CompletedConfig = {
  ...DEFAULT_CONFIG,
  path: SIS_ENDPOINTS_FILE,
  tsconfig: resolve(ROOT, 'tsconfig.node.json'),
  expose: 'export',
  topRef: true,
  jsDoc: 'extended',
  // Closed: a body's unknown field is refused (form/wire/input.ts); the answers are opened again
  // where the document is made, as v1 may add fields to them.
  additionalProperties: false,
  skipTypeCheck: true,
};

/** `outer<A, B>()(…)`: the inner call's name and type arguments. */
function curriedCall(node: ts.Expression | undefined): { name: string; typeArguments: readonly ts.TypeNode[] } | undefined {
  let expr = node;
  while (expr && (ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isParenthesizedExpression(expr))) expr = expr.expression;
  if (!expr || !ts.isCallExpression(expr) || !ts.isCallExpression(expr.expression)) return undefined;
  const inner = expr.expression;
  return { name: inner.expression.getText(), typeArguments: inner.typeArguments ?? [] };
}

function objectLiteralOf(declaration: ts.VariableDeclaration): ts.ObjectLiteralExpression {
  let expr = declaration.initializer;
  while (expr && (ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr) || ts.isParenthesizedExpression(expr))) expr = expr.expression;
  if (!expr || !ts.isObjectLiteralExpression(expr)) throw new Error(`${declaration.name.getText()} is not an object literal`);
  return expr;
}

/** The wire shape a route's input declares: `typeof someInput` of `bodyInput<Body>()` or `queryInput<Query>()`; `NoInput` has none. */
function inputNodes(checker: ts.TypeChecker, node: ts.TypeNode | undefined, route: string): { body?: ts.TypeNode; query?: ts.TypeNode } {
  if (!node || (ts.isTypeReferenceNode(node) && node.typeName.getText() === 'NoInput')) return {};
  // `WireOnly<Body, Query>`: the wire shapes given as they are (`undefined` for one the route does not take).
  if (ts.isTypeReferenceNode(node) && node.typeName.getText() === 'WireOnly') {
    const [body, query] = node.typeArguments ?? [];
    const taken = (t: ts.TypeNode | undefined) => (t && t.kind !== ts.SyntaxKind.UndefinedKeyword && t.getText() !== 'undefined' ? t : undefined);
    return { body: taken(body), query: taken(query) };
  }
  if (ts.isTypeQueryNode(node)) {
    let symbol = checker.getSymbolAtLocation(node.exprName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    const call = declaration && ts.isVariableDeclaration(declaration) ? curriedCall(declaration.initializer) : undefined;
    const [wire] = call?.typeArguments ?? [];
    if (call?.name === 'bodyInput' && wire) return { body: wire };
    if (call?.name === 'queryInput' && wire) return { query: wire };
  }
  throw new Error(
    `${route}: its input ${node.getText()} is not NoInput, WireOnly<Body, Query> or a bodyInput<…>() or queryInput<…>() this generator reads (scripts/openapi/wire-types.ts)`,
  );
}

/** A type literal (`bodyInput<{…}>`) is a definition named by its place in the source: the schema itself, inlined. */
function inlineAnonymousRoot(schema: Schema): Schema {
  const { $ref, definitions = {}, ...rest } = schema;
  const name = $ref?.replace('#/definitions/', '');
  if (!name?.startsWith('def-')) return schema;
  const { [name]: root, ...others } = definitions;
  return { ...rest, ...(root as Schema), definitions: others };
}

/** Each route of `sisEndpoints` by name, its types as JSON Schemas (draft-07, with `definitions`), and the error shape's (`SisError`). */
export function sisWireSchemas(): { routes: Map<string, RouteSchemas>; error: Schema } {
  const program = createProgram(CONFIG);
  const checker = program.getTypeChecker();
  const generator = new SchemaGenerator(program, createParser(program, CONFIG), createFormatter(CONFIG), CONFIG);
  const file = program.getSourceFile(SIS_ENDPOINTS_FILE);
  let table: ts.VariableDeclaration | undefined;
  file?.forEachChild(function find(n) {
    if (ts.isVariableDeclaration(n) && n.name.getText() === 'sisEndpoints') table = n;
    else n.forEachChild(find);
  });
  if (!table) throw new Error(`no sisEndpoints in ${SIS_ENDPOINTS_FILE}`);
  const schemas = new Map<string, RouteSchemas>();
  for (const property of objectLiteralOf(table).properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const name = property.name.getText();
    const call = curriedCall(property.initializer);
    if (call?.name !== 'endpoint') throw new Error(`${name}: not declared with endpoint<Input, Reply>()(…)`);
    const [input, response] = call.typeArguments;
    const { body, query } = inputNodes(checker, input, name);
    const schemaOf = (node: ts.TypeNode | undefined) => (node ? inlineAnonymousRoot(generator.createSchemaFromNodes([node])) : undefined);
    const comment = ts.displayPartsToString(checker.getSymbolAtLocation(property.name)?.getDocumentationComment(checker));
    schemas.set(name, { response: schemaOf(response), body: schemaOf(body), query: schemaOf(query), comment });
  }
  return { routes: schemas, error: generator.createSchema('SisError') };
}
