/**
 * Structured JSON logs (one line per entry, as CloudWatch expects). Errors are expanded to
 * name, message and stack here, and only here: responses never carry them.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const levels: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = levels[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? levels.info;

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value == null) return value;
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (levels[level] < threshold) return;
  const entry: Record<string, unknown> = { level, time: new Date().toISOString(), message };
  for (const [k, v] of Object.entries(fields)) entry[k] = serialise(v);
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}

export const log = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};
