import { z } from "zod";

/** The port an SMS provider's adapter implements. */
export interface SmsGateway {
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * How the gateway is spoken to:
 * - `json`: `POST` of `{"to", "text", "from"?}` as JSON; the gateway answers 2xx with `{"id"}` (and
 *   optionally a `status`; `failed`, `rejected` or `undelivered` count as refusals).
 * - `twilio`: the Twilio Messages API (`POST …/Accounts/{sid}/Messages.json`, form fields `To`,
 *   `From`, `Body`), which several other providers also speak.
 */
export type SmsFormat = "json" | "twilio";

export interface HttpSmsOptions {
  /** Gateway URL; credentials in it (`https://user:secret@host/…`) are sent as HTTP Basic auth. */
  url: string;
  format?: SmsFormat;
  /** Sender id or number (required by Twilio). */
  from?: string;
  /** Give up on one request after this long (default 10 s); the dispatcher retries later. */
  timeoutMs?: number;
}

/** A gateway's refusal or an answer we cannot trust; the message never holds the URL or credentials. */
export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
}

const refusedStatuses = new Set(["failed", "rejected", "undelivered"]);

const jsonAnswerSchema = z.object({
  id: z.union([z.string().min(1), z.number()]),
  status: z.string().optional(),
});

const twilioAnswerSchema = z.object({
  sid: z.string().min(1),
  status: z.string(),
  error_code: z.number().nullable().optional(),
  error_message: z.string().nullable().optional(),
});

/** Twilio's and most gateways' error body. */
const errorAnswerSchema = z
  .object({
    code: z.union([z.number(), z.string()]).optional(),
    message: z.string().optional(),
    error: z.string().optional(),
  })
  .loose();

const short = (text: string) => text.replace(/\s+/g, " ").slice(0, 200);

/** An SMS gateway adapter over HTTP (see {@link SmsFormat}). */
export function httpSmsGateway(options: HttpSmsOptions): SmsGateway {
  const format = options.format ?? "json";
  if (format === "twilio" && !options.from) throw new Error("the Twilio SMS format needs a sender (from)");
  const target = new URL(options.url);
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new Error("the SMS gateway URL must be http or https");
  }
  const headers: Record<string, string> = { accept: "application/json" };
  if (target.username || target.password) {
    const user = decodeURIComponent(target.username);
    const secret = decodeURIComponent(target.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
    target.username = "";
    target.password = "";
  }
  const endpoint = target.toString();
  const timeoutMs = options.timeoutMs ?? 10_000;

  return {
    async send({ to, text }) {
      const body =
        format === "twilio"
          ? new URLSearchParams({ To: to, From: options.from ?? "", Body: text })
          : JSON.stringify({ to, text, ...(options.from ? { from: options.from } : {}) });
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers: {
            ...headers,
            "content-type": format === "twilio" ? "application/x-www-form-urlencoded" : "application/json",
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
        throw new SmsDeliveryError(`SMS gateway ${reason}`);
      }
      const raw = await res.text();
      let answer: unknown;
      try {
        answer = raw ? JSON.parse(raw) : undefined;
      } catch {
        answer = undefined;
      }
      if (!res.ok) {
        const err = errorAnswerSchema.safeParse(answer);
        const detail = err.success
          ? [err.data.code, err.data.message ?? err.data.error].filter((v) => v !== undefined).join(" ")
          : "";
        throw new SmsDeliveryError(`SMS gateway answered ${res.status}${detail ? `: ${short(detail)}` : ""}`);
      }
      if (format === "twilio") {
        const ok = twilioAnswerSchema.safeParse(answer);
        if (!ok.success)
          throw new SmsDeliveryError(`SMS gateway answered ${res.status} without a message sid`);
        if (ok.data.error_code || refusedStatuses.has(ok.data.status)) {
          throw new SmsDeliveryError(
            `SMS gateway refused the message: ${short(`${ok.data.error_code ?? ok.data.status} ${ok.data.error_message ?? ""}`.trim())}`,
          );
        }
        return;
      }
      const ok = jsonAnswerSchema.safeParse(answer);
      if (!ok.success) throw new SmsDeliveryError(`SMS gateway answered ${res.status} without a message id`);
      if (ok.data.status && refusedStatuses.has(ok.data.status)) {
        throw new SmsDeliveryError(`SMS gateway refused the message: ${short(ok.data.status)}`);
      }
    },
  };
}
