import { type NextRequest, NextResponse } from "next/server";
import { BACKOFFICE_HEADERS, backofficePolicy, isBackofficePath } from "./lib/backoffice-policy";
import { isBenchFloorPath } from "./lib/bench-floor";
import { contentSecurityPolicy, NONCE_HEADER } from "./lib/content-security-policy";
import { contentSources } from "./lib/content-sources";
import { defaultLocale, matchLocale, splitLocale } from "./lib/locale-url";
import { hasErrorPage } from "./lib/locales";
import { MOBILE_APP_COOKIE, MOBILE_APP_PARAM, mobileAppChoice } from "./lib/mobile-app";
import { LOCALE_HEADER, MOBILE_APP_HEADER, SEARCH_HEADER } from "./lib/page-headers";
import { previewOf, previewRedirect } from "./lib/preview";
import { loadSiteSettings } from "./lib/settings.server";
import { platformOrigins, type SiteSettings } from "./lib/site-settings";

const ERROR_ROUTES = new Set(["/404", "/500", "/blocked", "/locked"]);

/** The generic error page answers with its own status (the not-found page gets 404 from notFound()). */
function pageStatus(path: string): number | undefined {
  return path === "/500" ? 500 : undefined;
}

/**
 * Locale in URL (SPEC §2): the first segment is the locale. Without one, the default locale is
 * served in place (or redirected to, when the settings demand the locale in every URL); an alias or
 * differently cased locale redirects to the configured spelling.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const nonce = btoa(crypto.randomUUID());
  if (isBackofficePath(request.nextUrl.pathname)) return backoffice(request, nonce);
  const previewing = previewRedirect(request);
  if (previewing) return previewing;
  const settings = await loadSiteSettings(previewOf(request));
  const policy = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    frameAncestors: platformOrigins(settings),
    sources: contentSources(settings, process.env),
  });
  const response = isBenchFloorPath(request.nextUrl.pathname)
    ? NextResponse.next({
        request: { headers: pageHeaders(request, defaultLocale(settings), nonce, policy) },
      })
    : await route(request, settings, nonce, policy);
  response.headers.set("content-security-policy", policy);
  const mobileApp = mobileAppChoice(
    request.nextUrl.searchParams.get(MOBILE_APP_PARAM),
    request.cookies.get(MOBILE_APP_COOKIE)?.value,
  );
  if (mobileApp.remember)
    response.cookies.set(MOBILE_APP_COOKIE, mobileApp.remember, {
      path: "/",
      sameSite: "lax",
      httpOnly: true,
    });
  return response;
}

async function route(
  request: NextRequest,
  settings: SiteSettings,
  nonce: string,
  policy: string,
): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const split = splitLocale(pathname, settings);
  if (split.locale) return withLocale(request, split.locale, nonce, policy, pageStatus(split.rest));

  const [, first = "", ...restSegments] = pathname.split("/");
  const rest = `/${restSegments.join("/")}`;
  if (first && hasErrorPage(first) && ERROR_ROUTES.has(rest))
    return withLocale(request, first, nonce, policy, pageStatus(rest));

  const aliased = first ? matchLocale(first, settings) : undefined;
  if (aliased)
    return NextResponse.redirect(
      new URL(`/${aliased}${rest === "/" ? "" : rest}${search}`, request.url),
      308,
    );

  const locale = defaultLocale(settings);
  const target = new URL(`/${locale}${pathname === "/" ? "" : pathname}${search}`, request.url);
  if (settings.localeInUrl) return NextResponse.redirect(target, 307);
  return NextResponse.rewrite(target, {
    request: { headers: pageHeaders(request, locale, nonce, policy) },
    ...statusInit(pageStatus(pathname)),
  });
}

/** A back-office page: no locale, its own strict policy, never indexed. */
function backoffice(request: NextRequest, nonce: string): NextResponse {
  const policy = backofficePolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  for (const [name, value] of Object.entries(BACKOFFICE_HEADERS)) response.headers.set(name, value);
  return response;
}

/** Headers the page renders with: its locale and query, its nonce, and the policy Next reads the nonce from. */
function pageHeaders(request: NextRequest, locale: string, nonce: string, policy: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(LOCALE_HEADER, locale);
  headers.set(SEARCH_HEADER, request.nextUrl.search);
  const mobileApp = mobileAppChoice(
    request.nextUrl.searchParams.get(MOBILE_APP_PARAM),
    request.cookies.get(MOBILE_APP_COOKIE)?.value,
  );
  headers.set(MOBILE_APP_HEADER, mobileApp.on ? "1" : "0");
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", policy);
  return headers;
}

function withLocale(
  request: NextRequest,
  locale: string,
  nonce: string,
  policy: string,
  status: number | undefined,
): NextResponse {
  return NextResponse.next({
    request: { headers: pageHeaders(request, locale, nonce, policy) },
    ...statusInit(status),
  });
}

const statusInit = (status: number | undefined) => (status === undefined ? {} : { status });

export const config = {
  // Pages only: not Next's assets, the APIs, the realtime endpoint or files with an extension.
  matcher: ["/((?!_next/|api/|connection/|brand/|.*\\.[a-zA-Z0-9]+$).*)"],
};
