import { projectTimes, type FileTime } from '../support/project-times';

const file = (project: string, name: string, start: number, end: number, tests = 1): FileTime => ({ project, file: name, tests, start, end });

describe('the time per project printed at the end of npm test', () => {
  it('gives each project its span on the run clock and the sum of its files, in the order the projects started', () => {
    const lines = projectTimes(
      [file('integration', 'b.test.ts', 4_000, 10_000, 3), file('unit', 'a.test.ts', 0, 2_000, 5), file('integration', 'c.test.ts', 5_000, 9_000, 2)],
      12_000,
      1,
    );
    expect(lines[0]).toContain('run 12.0 s');
    expect(lines[1]).toMatch(/^ {2}unit +1 files +5 tests +0\.0 s → +2\.0 s +sum +2\.0 s +1\.0 at once$/);
    expect(lines[2]).toMatch(/^ {2}integration +2 files +5 tests +4\.0 s → +10\.0 s +sum +10\.0 s +1\.7 at once$/);
    expect(lines.slice(3)).toEqual(['Slowest files', '     6.0 s  integration  b.test.ts']);
  });
});
