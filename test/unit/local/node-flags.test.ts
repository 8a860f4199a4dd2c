/**
 * `npm start` and `npm run bench:load` launch their first Node process from package.json; the
 * stack starts the rest with STACK_NODE_FLAGS. Both must carry the same V8 flags, or the save
 * latency measured by the load benchmark is not the one `npm start` gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STACK_NODE_FLAGS } from '#local/child-process';

const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the stack's V8 flags in package.json", () => {
  it.each(['start', 'bench:load'])('`npm run %s` starts its Node process with every one of them', (name) => {
    const launch = scripts[name]!.split('&&').at(-1)!.trim().split(/\s+/);
    expect(launch[0]).toBe('tsx');
    expect(launch.slice(1, -1)).toEqual([...STACK_NODE_FLAGS]);
  });
});
