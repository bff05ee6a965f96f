/** Where the runner and its rebuilds report what happened (the projector's pino logger fits it). */
export interface RunnerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const noopLogger: RunnerLogger = { info() {}, warn() {}, error() {} };
