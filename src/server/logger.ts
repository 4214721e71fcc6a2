/**
 * Structured logs: one JSON object per line. The app and the model registry log through an
 * injected Logger so tests stay quiet and a deployment can route lines anywhere.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** A logger writing `{"time","level","msg",...fields}` lines; stdout by default. */
export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const emit = (level: string, msg: string, fields?: LogFields) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  };
  return {
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

/** A logger that keeps its records, for tests that assert on logging. */
export function memoryLogger(): Logger & { records: ({ level: string; msg: string } & LogFields)[] } {
  const records: ({ level: string; msg: string } & LogFields)[] = [];
  return {
    records,
    info: (msg, fields) => records.push({ level: 'info', msg, ...fields }),
    warn: (msg, fields) => records.push({ level: 'warn', msg, ...fields }),
    error: (msg, fields) => records.push({ level: 'error', msg, ...fields }),
  };
}
