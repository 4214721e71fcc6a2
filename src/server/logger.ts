import { pino, type DestinationStream } from 'pino';

/**
 * Structured logs: one JSON object per line, written by pino. The app and the model registry log
 * through an injected Logger so tests stay quiet and a deployment can route lines anywhere.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/**
 * A pino logger writing `{"level","time","msg",...fields}` lines (level as a name, time as ISO
 * text). By default to stdout through pino's asynchronous buffered destination: under load one
 * write serves many request lines, and what is pending is flushed when the process exits.
 */
export function jsonLogger(destination: DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  const log = pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
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
