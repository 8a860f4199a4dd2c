/**
 * The reference page for people (docs/sis/reference.html): the OpenAPI document rendered as one
 * static HTML page with no script and nothing fetched, a heading per operation with its scope,
 * parameters, body and answers (their fields in tables) and examples. A vendor opens the file or
 * reads it in the repository; the document itself stays the contract a tool reads.
 */
type Json = Record<string, unknown>;

const escape = (text: unknown): string =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** The document's Markdown is backticks and bold only: rendered as such, everything else escaped. */
const inline = (text: unknown): string =>
  escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
const paragraphs = (text: unknown): string =>
  (typeof text === 'string' ? text : '')
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${inline(p)}</p>`)
    .join('\n');
const anchor = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

interface Resolver {
  ref(value: unknown): Json;
}

function resolver(document: Json): Resolver {
  return {
    ref(value) {
      let v = value as Json;
      while (typeof v?.$ref === 'string') {
        v = v.$ref
          .slice(2)
          .split('/')
          .reduce<unknown>((node, key) => (node as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Json;
      }
      return v;
    },
  };
}

/** A schema's type in words: `string (date-time)`, `array of OfficeChecklistItem`, `"admit" | "deny"`. */
function typeOf(schema: Json, r: Resolver): string {
  if (typeof schema.$ref === 'string') return `<a href="#schema-${anchor(schema.$ref.split('/').at(-1)!)}">${escape(schema.$ref.split('/').at(-1))}</a>`;
  if (schema.const !== undefined) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `<code>${escape(JSON.stringify(v))}</code>`).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map((s) => typeOf(s, r)).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf((schema.items ?? {}) as Json, r)}`;
  if (schema.type === 'object' && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object')
    return `map of ${typeOf(schema.additionalProperties as Json, r)} by key`;
  return `${escape(schema.type ?? 'any')}${schema.format ? ` (${escape(schema.format)})` : ''}`;
}

/** An object schema's fields as a table; nested objects as their own rows (`applicant.name`). */
function fieldRows(schema: Json, r: Resolver, prefix = ''): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, property]) => {
    const inlineObject = property.type === 'object' && property.properties;
    const row = `<tr><td><code>${escape(prefix + name)}</code>${required.has(name) ? '' : ' <small>optional</small>'}</td><td>${
      inlineObject ? 'object' : typeOf(property, r)
    }</td><td>${inline(property.description ?? '')}</td></tr>`;
    return [row, ...(inlineObject ? fieldRows(property, r, `${prefix}${name}.`) : [])];
  });
}

function schemaBlock(schema: Json | undefined, r: Resolver): string {
  if (!schema) return '';
  const target = r.ref(schema);
  const named = typeof schema.$ref === 'string' ? `<p>${typeOf(schema, r)}</p>` : '';
  if (!target.properties) return named || `<p>${typeOf(target, r)}</p>`;
  return `${named}<table><thead><tr><th>field</th><th>type</th><th>meaning</th></tr></thead><tbody>${fieldRows(target, r).join('')}</tbody></table>`;
}

const exampleBlock = (example: unknown): string => (example === undefined ? '' : `<pre><code>${escape(JSON.stringify(example, null, 2))}</code></pre>`);

function operationSection(method: string, path: string, op: Json, r: Resolver): string {
  const security = (op.security ?? []) as Array<Record<string, string[]>>;
  const scopes = security.flatMap((s) => Object.values(s).flat());
  const parameters = ((op.parameters ?? []) as Json[]).map((p) => r.ref(p));
  const body = (r.ref(op.requestBody) as Json | undefined)?.content as Record<string, Json> | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>);
  return `<section id="${escape(op.operationId)}">
<h3><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
<p><strong>${inline(op.summary)}</strong>. ${scopes.length ? `Scope <code>${escape(scopes.join(', '))}</code>.` : 'No token needed.'}</p>
${paragraphs(op.description)}
${
  parameters.length
    ? `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th>meaning</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code>${p.required ? '' : ' <small>optional</small>'}</td><td>${escape(p.in)}</td><td>${typeOf((p.schema ?? {}) as Json, r)}</td><td>${inline(p.description ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${body ? `<h4>Body (JSON)</h4>${schemaBlock(body['application/json']?.schema as Json, r)}${exampleBlock(body['application/json']?.example)}` : ''}
<h4>Answers</h4>
<table><thead><tr><th>status</th><th>meaning</th></tr></thead><tbody>${responses
    .map(([status, response]) => `<tr><td>${escape(status)}</td><td>${inline(r.ref(response).description)}</td></tr>`)
    .join('')}</tbody></table>
${responses
  .filter(([status]) => status.startsWith('2') || status.startsWith('3'))
  .map(([, response]) => {
    const json = (r.ref(response).content as Record<string, Json> | undefined)?.['application/json'];
    return json ? `${schemaBlock(json.schema as Json, r)}${exampleBlock(json.example)}` : '';
  })
  .join('')}
</section>`;
}

export function referenceHtml(document: Json): string {
  const r = resolver(document);
  const info = document.info as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
  const schemas = ((document.components as Json).schemas ?? {}) as Record<string, Json>;
  const errors = Object.entries(((document.components as Json).responses ?? {}) as Record<string, Json>);
  const scheme = Object.values(((document.components as Json).securitySchemes ?? {}) as Record<string, Json>)[0];
  const flow = ((scheme?.flows as Json | undefined)?.clientCredentials ?? {}) as Json;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} (v${escape(info.version)}): reference</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; color: #1b1b1b; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { background: #f4f4f4; padding: 0.75rem; overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
section { border-top: 2px solid #ddd; margin-top: 2rem; }
.method { background: #1b4f8a; color: #fff; padding: 0 0.4rem; border-radius: 3px; }
small { color: #555; }
</style>
</head>
<body>
<header>
<h1>${escape(info.title)} <small>version ${escape(info.version)}</small></h1>
<p>Generated from <a href="openapi.json">openapi.json</a> (OpenAPI ${escape(document.openapi)}) by <code>npm run docs:openapi</code>; the walk-through is <a href="../sis-api.md">docs/sis-api.md</a>.</p>
${paragraphs(info.description)}
</header>
<nav aria-label="Contents"><h2>Contents</h2><ul>
${operations.map(({ path, method, op }) => `<li><a href="#${escape(op.operationId)}">${escape(method.toUpperCase())} ${escape(path)}</a>: ${inline(op.summary)}</li>`).join('\n')}
</ul></nav>
<main>
<h2>Authentication</h2>
<p>${inline(scheme?.description ?? '')} Token URL: <code>${escape(flow.tokenUrl ?? '')}</code>.</p>
<table><thead><tr><th>scope</th><th>allows</th></tr></thead><tbody>${Object.entries((flow.scopes ?? {}) as Record<string, string>)
    .map(([scope, words]) => `<tr><td><code>${escape(scope)}</code></td><td>${escape(words)}</td></tr>`)
    .join('')}</tbody></table>
<h2>Operations</h2>
${operations.map(({ path, method, op }) => operationSection(method, path, op, r)).join('\n')}
<h2>Errors</h2>
<p>Every refused call answers <code>{code, message}</code>:</p>
<table><thead><tr><th>answer</th><th>meaning</th><th>example</th></tr></thead><tbody>${errors
    .map(([name, response]) => {
      const example = ((response.content as Record<string, Json>)['application/json'] as Json).example;
      return `<tr><td>${escape(name)}</td><td>${inline(response.description)}</td><td><code>${escape(JSON.stringify(example))}</code></td></tr>`;
    })
    .join('')}</tbody></table>
<h2>Schemas</h2>
${Object.entries(schemas)
  .map(([name, schema]) => `<section id="schema-${anchor(name)}"><h3>${escape(name)}</h3>${paragraphs(schema.description)}${schemaBlock(schema, r)}</section>`)
  .join('\n')}
</main>
</body>
</html>
`;
}
