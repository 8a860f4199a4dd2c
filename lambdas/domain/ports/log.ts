/** The structured log a job writes through (adapters/log.ts): the domain never logs by itself. */
export interface JobLog {
  info(message: string, data: Record<string, unknown>): void;
  warn(message: string, data: Record<string, unknown>): void;
  error(message: string, data: Record<string, unknown>): void;
}
