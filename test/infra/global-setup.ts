/**
 * One folder for every app the infra tests synthesize, removed when the run ends. An App without
 * an outdir synthesizes into a new folder of the system's temp dir and leaves it there: some
 * 20 MB per synth, which a few hundred test runs turned into tens of gigabytes on one machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the infra tests' apps synthesize into (harness.ts), removed after the run. */
    infraOutRoot: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'admissions-infra-'));
  project.provide('infraOutRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
