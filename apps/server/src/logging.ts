import { databaseErrorOf } from "@sportsbook/api";
import type { FastifyServerOptions } from "fastify";
import { stdSerializers } from "pino";

/** Query parameters whose values are secrets: `reset_password_token`, `confirmation_token`, … */
const SECRET_PARAM = /([?&][^=&#]*token[^=&#]*=)[^&#]*/gi;
/** Query values holding an e-mail address, plain or encoded (`?recipient=ann%40example.com`). */
const EMAIL_VALUE = /([?&][^=&#]*=)[^&#]*(?:@|%40)[^&#]*/gi;

/** A URL as logs may keep it: every `*token*` query value and every e-mail address replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, "$1[redacted]").replace(EMAIL_VALUE, "$1[redacted]");
}

/**
 * Logger options of the composed server: request lines keep method, path, host and address, with
 * secret query values redacted (a visit to a reset link must not write a live token to the log),
 * and cookies, CSRF tokens and authorisation headers are censored wherever a log object holds them.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.cookie",
        'req.headers["x-csrf-token"]',
        "req.headers.authorization",
        'req.headers["x-operator-key"]',
        'res.headers["set-cookie"]',
        "*.password",
        "*.passwordHash",
        "*.token",
        "*.sessionToken",
      ],
      censor: "[redacted]",
    },
    serializers: {
      // A query layer's error names every parameter of the failed query (e-mails, hashes, tokens):
      // errors that come from the database are logged by their code and message only.
      err(error: Error) {
        const database = databaseErrorOf(error);
        return database ? { type: "DatabaseError", stack: "", ...database } : stdSerializers.err(error);
      },
      req(request: { method: string; url: string; host?: string; ip?: string }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
