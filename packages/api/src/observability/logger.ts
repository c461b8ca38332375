import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { describeError } from '../errors';
import { redactPersonalData } from '../lib/personal-data';

/** The shop's structured log: one JSON object a line (pino). */
export type ShopLogger = Logger;

/** LOG_LEVEL: the least severe level written; `silent` writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What every line written while a request is answered carries (see requestScope). */
interface RequestScope {
  requestId: string;
}

/**
 * The request being answered, across awaits: the observe middleware runs the rest of the app
 * inside it, so a line any code writes meanwhile (an unexpected error in onError, a service's
 * warning) carries the request id without being handed it.
 */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * A logger writing JSON lines to `destination`, by default process.stdout (which Node writes
 * synchronously on Linux, to a file, a pipe or a terminal: the last lines before a crash or an
 * exit are not lost in a buffer). Every line, whatever wrote it and
 * whatever fields it has, passes through redactPersonalData as it is written: e-mail addresses,
 * password hashes and session cookies are masked in the log as in CI's scan of it
 * (lib/personal-data.ts), and nothing of a request's body, query or headers but the fields the
 * access line names is ever given to it.
 */
export function createLogger(
  options: { level?: LogLevel; destination?: DestinationStream } = {},
): ShopLogger {
  return pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { requestId: scope.requestId } : {};
      },
      hooks: { streamWrite: redactPersonalData },
    },
    options.destination ?? process.stdout,
  );
}

/**
 * AppDeps.log on top of a logger: a message is an `info` line, a message with an error an
 * `error` line whose `error` field is describeError's account of it (class, SQLSTATE, masked
 * message, stack frames, causes), never the error object itself, which carries a failed
 * statement's parameters.
 */
export function logFunction(logger: ShopLogger): (message: string, error?: unknown) => void {
  return (message, error) => {
    if (error === undefined) logger.info(message);
    else logger.error({ error: describeError(error) }, message);
  };
}
