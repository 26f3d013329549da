import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets: a password-reset link's code, and tokens. */
const SECRET_PARAMS =
  /([?&](?:oobCode|code|token|idToken|id_token|refreshToken|refresh_token|password)=)[^&#]*/gi;

/** A URL for the log: secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Fastify logs every request's URL. Opening a password-reset link (`/reset-password?oobCode=…`) would
 * put a working reset code in the log, so the request serializer redacts secret query values; otherwise
 * it logs what Fastify's default serializer logs.
 */
export function withSafeRequestLog(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        version: req.headers?.['accept-version'] as string | undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
