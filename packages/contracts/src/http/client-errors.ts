import { z } from "zod";

/** Where a page met an error (SPEC §8): the bounded label the server counts reports by. */
export const CLIENT_ERROR_KINDS = [
  "error",
  "unhandled_rejection",
  "render",
  "api",
  "icon",
  "jackpot",
] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** `POST /client-errors`: one error a page reports, with the request and answer it came from. */
export const clientErrorBodySchema = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS),
    name: z.string().min(1).max(200),
    message: z.string().max(2000),
    stack: z.string().max(8000).optional(),
    /** What the page was doing when it failed ("reading the bets"): one reporter, many failures. */
    during: z.string().min(1).max(200).optional(),
    /** The page's path (without its query, which may hold tokens). */
    page: z.string().max(2000),
    /** SPEC §8: the URL of the answer the error came from, and what was sent and answered. */
    response_url: z.string().max(2000).optional(),
    status: z.number().int().min(0).max(599).optional(),
    request: z.string().max(4000).optional(),
    response: z.string().max(4000).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorBodySchema>;
