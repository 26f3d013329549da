import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

/** Query parameters whose values are secrets: a password-reset link's code, and tokens. */
const SECRET_PARAMS =
  /([?&](?:oobCode|code|token|idToken|id_token|refreshToken|refresh_token|password)=)[^&#]*/gi;

/** Invitation and review links hold their token in the path: `/join/{token}`, `/review/{token}`. */
const TOKEN_PATH = /^(\/(?:join|review)\/)[^?#]*/;

/** A URL for the log: secret query values and an invitation or review link's token replaced by `[redacted]`. */
function redactUrl(url: string): string {
  const redacted = url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
  return url.startsWith('/join/') || url.startsWith('/review/')
    ? redacted.replace(TOKEN_PATH, '$1[redacted]')
    : redacted;
}

/**
 * The server's logger options, with Fastify's own request logging off: `logRequests` writes one line
 * per request instead of two (Fastify's "incoming request" and "request completed").
 */
export function withSafeRequestLog(
  logger: FastifyServerOptions['logger'],
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return { logger, logController: new LogController({ disableRequestLogging: true }) };
}

/**
 * One info line per finished request: method, URL, status, time and client address. Opening a
 * password-reset link (`/reset-password?oobCode=…`) or an invitation link (`/join/{token}`) would put a
 * working code in the log, so secret query values and the invitation token are redacted.
 */
export function logRequests(app: FastifyInstance): void {
  if (['fatal', 'error', 'warn', 'silent'].includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'request completed',
    );
    done();
  });
}
