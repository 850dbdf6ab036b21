/** The logger the worker's parts write to (pino's, or a silent one in tests). */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
