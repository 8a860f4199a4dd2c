// @ts-check
/**
 * No import cycle, type-only imports included: eslint-plugin-import-x's no-cycle skips `import
 * type`, so a cycle made of types (two modules each naming the other's types, or a route table
 * whose types come from a parser that reads the table) went unseen. This rule follows every
 * import, re-export and dynamic import the TypeScript scanner finds, resolved with the project's
 * tsconfig (its path aliases), and reports an import from which the file can be reached again.
 * The graph is kept for the whole run, each file's edges read once (again when it changes).
 */
import { statSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import ts from 'typescript';

/** @typedef {{ options: ts.CompilerOptions, resolved: Map<string, string | null> }} Project */

/** @type {Map<string, Project>} */
const projects = new Map();
/** @type {Map<string, { stamp: string, deps: string[] }>} */
const edges = new Map();

/** @param {string} tsconfig */
function project(tsconfig) {
  let found = projects.get(tsconfig);
  if (!found) {
    const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig));
    found = { options, resolved: new Map() };
    projects.set(tsconfig, found);
  }
  return found;
}

/**
 * Our module `specifier` names from `from`, or undefined for a package, a declaration file or
 * nothing that resolves.
 * @param {Project} p @param {string} specifier @param {string} from
 */
function resolveOurs(p, specifier, from) {
  // What resolved is kept (null: a package); what did not is asked again, as a file may be added.
  const key = `${dirname(from)}\0${specifier}`;
  const known = p.resolved.get(key);
  if (known !== undefined) return known ?? undefined;
  const resolved = ts.resolveModuleName(specifier, from, p.options, ts.sys).resolvedModule;
  if (!resolved) return undefined;
  const ours = resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts') ? null : resolved.resolvedFileName;
  p.resolved.set(key, ours);
  return ours ?? undefined;
}

/**
 * The modules of ours `file` imports, read from `text` when given (the file being linted).
 * @param {Project} p @param {string} file @param {string} [text]
 */
function depsOf(p, file, text) {
  let stamp = '';
  try {
    const s = statSync(file);
    stamp = `${s.mtimeMs}:${s.size}`;
  } catch {
    return [];
  }
  const known = edges.get(file);
  if (known && known.stamp === stamp && text === undefined) return known.deps;
  const source = text ?? ts.sys.readFile(file) ?? '';
  const deps = [
    ...new Set(
      ts
        .preProcessFile(source, true, true)
        .importedFiles.map((i) => resolveOurs(p, i.fileName, file))
        .filter((d) => d !== undefined),
    ),
  ];
  edges.set(file, { stamp: text === undefined ? stamp : '', deps });
  return deps;
}

/**
 * The way from `start` back to `target` (start first), or undefined. `dead` holds modules already
 * known not to lead back, shared between the imports of one file.
 * @param {Project} p @param {string} start @param {string} target @param {Set<string>} dead
 */
function wayBack(p, start, target, dead) {
  if (start === target) return [start];
  /** @type {Map<string, string | undefined>} */
  const from = new Map([[start, undefined]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = /** @type {string} */ (queue[i]);
    for (const next of depsOf(p, node)) {
      if (next === target) {
        const way = [node];
        for (let at = from.get(node); at !== undefined; at = from.get(at)) way.unshift(at);
        return way;
      }
      if (from.has(next) || dead.has(next)) continue;
      from.set(next, node);
      queue.push(next);
    }
  }
  for (const node of queue) dead.add(node);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import (type-only ones included) from which the importing module can be reached again.' },
    schema: [{ type: 'object', properties: { tsconfig: { type: 'string' } }, required: ['tsconfig'], additionalProperties: false }],
    messages: {
      cycle: 'Import cycle: {{way}}. Type-only imports count: move what both sides need into the module it belongs to.',
    },
  },
  create(context) {
    const { tsconfig } = /** @type {{ tsconfig: string }} */ (context.options[0]);
    const p = project(tsconfig);
    const file = context.physicalFilename;
    const root = dirname(tsconfig);
    // This file's edges from the text being linted (it may differ from the disk's).
    depsOf(p, file, context.sourceCode.text);
    /** @type {Set<string>} */
    const dead = new Set();

    /** @param {import('estree').Node} node @param {unknown} source */
    function check(node, source) {
      if (typeof source !== 'string') return;
      const target = resolveOurs(p, source, file);
      if (!target) return;
      const way = wayBack(p, target, file, dead);
      if (way) context.report({ node, messageId: 'cycle', data: { way: [file, ...way, file].map((f) => relative(root, f)).join(' → ') } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      /** @param {any} node `import('…').Type` in a type (typescript-eslint's TSImportType) */
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.source?.value),
    };
  },
};
