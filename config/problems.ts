/**
 * A problem in an institution's configuration file, as a person fixes it: where (the field's
 * path and the file's line), what is wrong, and what to write instead. Every check (the schema's,
 * the ones it cannot say, the form model's) reports these, and every entry point that refuses a
 * file prints them the same way (`refusal`), without a stack trace.
 */
export interface Problem {
  /** The field, as a dotted path: brand.colors.primary, decisions.letters.admit.text, application.majors[2].code. */
  path: string;
  /** 1-based line in the file, when the field (or its parent) is found there. */
  line?: number;
  message: string;
  /** What to write instead. */
  fix: string;
}

export class InstitutionConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly Problem[],
  ) {
    super(refusal(file, problems));
    this.name = 'InstitutionConfigError';
  }
}

/** "institutions/x.yaml:12 brand.colors.primary: … Write …", one problem a line. */
export function problemLine(file: string, p: Problem): string {
  const where = `${file}${p.line ? `:${p.line}` : ''}`;
  return `${where} ${p.path || '(the file)'}: ${p.message} ${p.fix}`.trim();
}

/** What an entry point prints before it stops: the file, then each problem. */
export function refusal(file: string, problems: readonly Problem[]): string {
  const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
  return [`The institution's configuration ${file} has ${count}:`, ...problems.map((p) => `  ${problemLine(file, p)}`)].join('\n');
}

/** A JSON-pointer-like array path as the dotted path people read. */
export function dotted(path: readonly (string | number)[]): string {
  return path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k), '');
}

/** The message of a refused file on stderr, then exit 1: what every entry point does with one (no stack trace). */
export function refuseAndExit(error: unknown): never {
  if (!(error instanceof InstitutionConfigError)) throw error;
  process.stderr.write(`\n${error.message}\n\nCorrect the file and start again (check it with: npm run config -- check ${error.file}).\n\n`);
  process.exit(1);
}
