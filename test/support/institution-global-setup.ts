/**
 * The institution the tests run as (INSTITUTION_CONFIG, or the sample), loaded and checked once per
 * project: a file with problems stops the run, named, as npm start stops. Each test file then
 * installs it before the form's modules load (institution-setup.ts).
 */
import type { TestProject } from 'vitest/node';
import { loadInstitution } from '#config/load';
import { refuseAndExit } from '#config/problems';

export default function setup(project: TestProject): void {
  try {
    project.provide('institution', loadInstitution().sections);
  } catch (error) {
    refuseAndExit(error);
  }
}
