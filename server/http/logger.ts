import type { MiddlewareHandler } from "hono";

export type LogLevel = "silent" | "error" | "info" | "debug";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const rank: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

/** Structured logs: one JSON object per line on stdout (info) or stderr (error). */
export function createLogger(level: LogLevel): Logger {
  const write = (at: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (rank[level] < rank[at]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg: message, ...fields });
    (at === "error" ? process.stderr : process.stdout).write(line + "\n");
  };
  return {
    info: (message, fields) => write("info", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

/** One line per request: method, path, status and duration in milliseconds. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestId: c.res.headers.get("x-request-id") ?? undefined,
    });
  };
}
