import { previewTokenSchema } from "@sportsbook/contracts/site-content";
import { type NextRequest, NextResponse } from "next/server";

/**
 * A staff preview of a site content version: the back office opens a page with `?sb_preview=<token>`
 * (a token only staff can get, signed by the API, valid 30 minutes); the proxy keeps it in a cookie
 * so the preview follows links, and pages render with that version. `?sb_preview=off` ends it.
 */
export const PREVIEW_PARAM = "sb_preview";
export const PREVIEW_COOKIE = "sb_preview";
const PREVIEW_MAX_AGE_S = 30 * 60;

/** The preview token a request carries, if it looks like one (the API checks its signature). */
export function previewOf(request: NextRequest): string | undefined {
  const token = request.cookies.get(PREVIEW_COOKIE)?.value;
  return token && previewTokenSchema.safeParse(token).success ? token : undefined;
}

/** Starts or ends a preview, then goes to the same page without the parameter. */
export function previewRedirect(request: NextRequest): NextResponse | undefined {
  const value = request.nextUrl.searchParams.get(PREVIEW_PARAM);
  if (value === null) return undefined;
  const target = request.nextUrl.clone();
  target.searchParams.delete(PREVIEW_PARAM);
  const response = NextResponse.redirect(target, 303);
  if (previewTokenSchema.safeParse(value).success)
    response.cookies.set(PREVIEW_COOKIE, value, {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      maxAge: PREVIEW_MAX_AGE_S,
    });
  else response.cookies.delete(PREVIEW_COOKIE);
  return response;
}
