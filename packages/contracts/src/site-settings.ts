import { DEPOSIT_REMINDER_DELAY_S } from "@sportsbook/domain";
import { z } from "zod";
import { DEFAULT_REALTIME, realtimeSettingsSchema } from "./realtime-transports.js";

/** Every layout block kind of SPEC §2 "Layout blocks". */
export const BLOCK_KINDS = [
  "text",
  "label",
  "image",
  "banner",
  "button",
  "modal",
  "iframe",
  "menu-link",
  "event-markets",
  "event-stats",
  "live-events",
  "outrights",
  "prematch-events",
  "promocode",
  "result-events",
  "results",
  "schedule",
  "top-events",
  "leagues",
  "bonuses",
  "mobile-selection-bar",
  "top-leagues",
  "jackpot-banner",
  "speed-dial",
  "favorites",
  "jackpot-leaderboard",
  "prediction",
  "side-menu",
  "search",
  "brand-logo",
  "divider",
  "notifications",
  "profile",
  "platform-switcher",
  "clock",
  "language",
  "events-filter",
  "sport-list",
  "odds",
  "jackpot-card",
  "match-preview",
  "sub-menu",
  "chat-toggle",
  "navigation-top-leagues",
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BUTTON_ACTIONS = [
  "sign-in",
  "sign-up",
  "deposit",
  "sports-menu",
  "my-bets",
  "bet-slip",
] as const;
export const PLACEMENTS = [
  "header",
  "leftSidebarDesktop",
  "rightSidebarDesktop",
  "mobileSideMenu",
  "mobileTabBar",
  "footer",
] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** The product's own logo; drawn inline so its name takes the theme's text colour. */
export const DEFAULT_LOGO = "/brand/logo.svg";

/** A text that may differ per locale: a plain string or a map of locale → string. */
const localized = z.union([z.string().max(2000), z.record(z.string().max(20), z.string().max(2000))]);
export type Localized = z.infer<typeof localized>;
/** A page's text by locale; paragraphs are separated by blank lines. */
const localizedText = z.union([z.string().max(50_000), z.record(z.string().max(20), z.string().max(50_000))]);

const safeHref = z
  .string()
  .max(2000)
  .refine((h) => /^(\/|https?:|mailto:|sms:|#)/.test(h), "must start with /, http(s):, mailto:, sms: or #");

/**
 * Block kinds whose content comes from a part this sportsbook does not have yet, with what that is.
 * The settings validation refuses them by name rather than leaving a hole in the page.
 */
export const BLOCKS_AWAITING: Partial<Record<BlockKind, string>> = {};

export const blockSchema = z
  .object({
    kind: z.enum(BLOCK_KINDS),
    id: z.string().max(100).optional(),
    /** Slider or Tile display of lists. */
    mode: z.enum(["slider", "tile"]).default("tile"),
    /** Default or Narrow width. */
    width: z.enum(["default", "narrow"]).default("default"),
    text: localized.optional(),
    href: safeHref.optional(),
    src: safeHref.optional(),
    alt: localized.optional(),
    action: z.enum(BUTTON_ACTIONS).optional(),
    limit: z.number().int().min(1).max(200).optional(),
    /** Intrinsic size of an image or banner (CSS pixels at 1x). */
    imageWidth: z.number().int().min(1).max(4000).optional(),
    imageHeight: z.number().int().min(1).max(4000).optional(),
    sportKey: z.string().max(100).optional(),
    /** The match an event-markets, event-stats or prediction block shows; without it, the top one. */
    matchId: z.number().int().positive().optional(),
    /** A modal block's content; its `text` labels the button that opens it. */
    body: localized.optional(),
    /** A speed-dial block's links; without them, the main sections. */
    links: z
      .array(z.object({ href: safeHref, text: localized }))
      .max(12)
      .optional(),
  })
  .superRefine((block, ctx) => {
    if (block.kind === "modal" && (!block.text || !block.body))
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: 'a "modal" block needs a text (its button and title) and a body',
      });
    if (block.kind === "platform-switcher" && (!block.href || !block.text))
      ctx.addIssue({
        code: "custom",
        path: ["href"],
        message: 'a "platform-switcher" block needs the platform\'s address (href) and name (text)',
      });
    const needs = BLOCKS_AWAITING[block.kind];
    if (needs)
      ctx.addIssue({
        code: "custom",
        path: ["kind"],
        message: `a "${block.kind}" block needs ${needs}, which this sportsbook does not have yet`,
      });
  });
export type Block = z.infer<typeof blockSchema>;

const blocks = z.array(blockSchema).max(100);

const customPageSchema = z.object({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, "lowercase letters, digits and dashes"),
  title: localized,
  index: z.boolean().default(true),
  blocks,
});
export type CustomPage = z.infer<typeof customPageSchema>;

/** A web origin exactly as a browser writes it (scheme, host, port): nothing that could widen a policy. */
/** An absolute http(s) address of a page of the host platform (no credentials, no fragment). */
const platformPage = z
  .string()
  .max(2000)
  .refine((u) => {
    if (!URL.canParse(u)) return false;
    const url = new URL(u);
    return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.hash;
  }, "an absolute http(s) address without credentials or #fragment");

const webOrigin = z
  .string()
  .max(200)
  .refine((o) => {
    const url = URL.canParse(o) ? new URL(o) : undefined;
    return (url?.protocol === "https:" || url?.protocol === "http:") && url.origin === o;
  }, "an origin such as https://casino.example (scheme, host and port only)");

const localeCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "a BCP 47 locale code");

/** The operator's site settings document: locales, head, theme, layout blocks, custom pages. */
export const siteSettingsSchema = z
  .object({
    siteName: z.string().min(1).max(100).default("Sportsbook"),
    logo: safeHref.default(DEFAULT_LOGO),
    favicon: safeHref.default("/favicon.svg"),
    /** Configured locales; the first one is the default locale. */
    locales: z.array(localeCode).min(1).max(60).default(["en", "es", "de", "pt-BR", "tr", "ar", "he"]),
    /** When true every URL carries the locale; when false the default locale is omitted. */
    localeInUrl: z.boolean().default(false),
    rtlEnabled: z.boolean().default(true),
    index: z.boolean().default(true),
    seo: z
      .object({
        /** The home page's title and description; without them each locale has its own. */
        title: z.string().max(200).optional(),
        description: z.string().max(500).optional(),
        keywords: z.array(z.string().max(100)).max(50).default(["sports betting", "live odds"]),
        meta: z.record(z.string().max(100), z.string().max(500)).default({}),
        openGraph: z
          .object({
            url: safeHref,
            width: z.number().int().positive(),
            height: z.number().int().positive(),
            alt: z.string().max(200),
          })
          .optional(),
      })
      .default({ keywords: ["sports betting", "live odds"], meta: {} }),
    theme: z.enum(["dark", "light"]).default("dark"),
    features: z
      .object({
        horseRacing: z.boolean().default(false),
        lottery: z.boolean().default(false),
        premiumCricket: z.boolean().default(false),
        /** SPEC §6 activity_tracking: report a visible page's activity for activity limits. */
        activityTracking: z.boolean().default(true),
        /** SPEC §6 jackpots: the jackpot blocks and the hit announcement. */
        jackpots: z.boolean().default(true),
        /** SPEC §6 amb progress bar: the slip shows how far its bets take the player's freebet ambs. */
        ambProgressBar: z.boolean().default(true),
        /** SPEC §6 quick_deposit: the slip offers to pay in what its stakes lack. */
        quickDeposit: z.boolean().default(true),
        /**
         * SPEC §6 responsible_gambling: the ways to the limits page (profile, wallet, reality check).
         * Off, the page stays reachable by its address and every limit stays enforced: see
         * docs/spec-deviations.md.
         */
        responsibleGambling: z.boolean().default(true),
      })
      .default({
        horseRacing: false,
        lottery: false,
        premiumCricket: false,
        activityTracking: true,
        jackpots: true,
        ambProgressBar: true,
        quickDeposit: true,
        responsibleGambling: true,
      }),
    cookieConsent: z.boolean().default(true),
    /** SPEC §5 realtime transports: WebSocket, then HTTP streaming and SSE where it is blocked. */
    realtime: realtimeSettingsSchema.default(DEFAULT_REALTIME),
    /**
     * SPEC §8 error reporting: a Sentry-compatible DSN the pages send their errors to (after the
     * SPEC's filters), and the environment they are tagged with. The server logs and counts them
     * whether or not a DSN is set.
     */
    errorReporting: z
      .object({
        dsn: z
          .string()
          .max(500)
          .refine((d) => URL.canParse(d) && /^https?:$/.test(new URL(d).protocol), "an http(s) DSN")
          .optional(),
        environment: z.string().min(1).max(64).optional(),
      })
      .default({}),
    /** SPEC §3 isMyBetsVisible: the side panel's My bets tab; off leaves the slip alone there. */
    isMyBetsVisible: z.boolean().default(true),
    /**
     * SPEC §3 depositReminder: a signed-in player with an empty balance is reminded to deposit once
     * `remindAfter` seconds have passed on the site, at most once a day; `playerGroupId` limits it to
     * players holding that status.
     */
    depositReminder: z
      .object({
        showDepositReminder: z.boolean().default(false),
        playerGroupId: z.string().min(1).max(100).nullable().default(null),
        remindAfter: z.number().int().min(0).max(86_400).default(DEPOSIT_REMINDER_DELAY_S),
      })
      .default({ showDepositReminder: false, playerGroupId: null, remindAfter: DEPOSIT_REMINDER_DELAY_S }),
    /** SPEC §3: seconds before a visitor is invited once to sign up; 0 never invites. */
    signUpReminderSeconds: z.number().int().min(0).max(86_400).default(0),
    /**
     * SPEC §3 site config chat: the operator's live chat provider, embedded as a frame on match pages
     * (the chat tab) and by the chat-toggle block. `url` may hold {id}, {region}, {locale} and
     * {matchId}, filled in (URL-encoded) where the chat is shown.
     */
    chat: z
      .object({
        type: z.string().min(1).max(50),
        id: z.string().max(200).default(""),
        region: z.string().max(50).default(""),
        url: safeHref,
      })
      .optional(),
    /**
     * SPEC §5: the host platform this site is embedded in. Its `origins` (and the first-party one)
     * may frame the site; every other origin is refused by the pages' frame-ancestors policy.
     */
    platform: z
      .object({
        origins: z.array(webOrigin).max(20).default([]),
        firstPartyOrigin: webOrigin.optional(),
        /**
         * Who signs players in, up and takes deposits: the sportsbook's own modals, or only the host
         * platform (SPEC §5: disabled unless a host that listens for them frames the site).
         */
        accounts: z.enum(["sportsbook", "host"]).default("sportsbook"),
        /**
         * SPEC §1, §2: the platform's own deposit page, shown in the iframe deposit modal in place of
         * the sportsbook's form; it is opened with `redirect`, the page to come back to once paid.
         */
        depositPage: platformPage.optional(),
        /**
         * SPEC §2: the platform's assets page (`?redirect=…`, its payment widget at `#deposit`), linked
         * from the header's balance.
         */
        assetsPage: platformPage.optional(),
      })
      .default({ origins: [], accounts: "sportsbook" }),
    /**
     * SPEC §6 user-group checker: the site is only for players holding one of these platform statuses;
     * visitors and other players are sent to `redirectUrl`, the platform's front end.
     */
    userGroup: z
      .object({
        statuses: z.array(z.string().min(1).max(100)).min(1).max(50),
        redirectUrl: z
          .string()
          .max(2000)
          .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), "an http(s) URL"),
      })
      .optional(),
    isMobileApp: z.boolean().default(false),
    isLighthouse: z.boolean().default(false),
    layout: z
      .object({
        header: blocks.optional(),
        leftSidebarDesktop: blocks.optional(),
        rightSidebarDesktop: blocks.optional(),
        mobileSideMenu: blocks.optional(),
        mobileTabBar: blocks.optional(),
        footer: blocks.optional(),
        home: blocks.optional(),
      })
      .default({}),
    customPages: z.array(customPageSchema).max(100).default([]),
    /**
     * The operator's texts of the terms-and-conditions and help-center pages (SPEC §2), by locale;
     * without one a page shows the messages' own short text in every UI language.
     */
    pages: z
      .object({ "terms-and-conditions": localizedText.optional(), "help-center": localizedText.optional() })
      .default({}),
  })
  .superRefine((doc, ctx) => {
    if (doc.chat) return;
    const lists: [(string | number)[], Block[]][] = [
      ...Object.entries(doc.layout).map(([placement, list]): [(string | number)[], Block[]] => [
        ["layout", placement],
        list ?? [],
      ]),
      ...doc.customPages.map((p, i): [(string | number)[], Block[]] => [
        ["customPages", i, "blocks"],
        p.blocks,
      ]),
    ];
    for (const [path, list] of lists)
      list.forEach((block, i) => {
        if (block.kind === "chat-toggle")
          ctx.addIssue({
            code: "custom",
            path: [...path, i, "kind"],
            message: 'a "chat-toggle" block needs the site\'s chat settings ("chat")',
          });
      });
  });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type ChatSettings = NonNullable<SiteSettings["chat"]>;

/** The origins allowed to frame this site: the platform's, and its first-party one. */
export function platformOrigins(settings: SiteSettings): string[] {
  const { origins, firstPartyOrigin } = settings.platform;
  return firstPartyOrigin && !origins.includes(firstPartyOrigin)
    ? [...origins, firstPartyOrigin]
    : [...origins];
}

/** The chat frame's address with its placeholders filled in; `matchId` is empty outside a match. */
export function chatUrl(chat: ChatSettings, locale: string, matchId = ""): string {
  const values: Record<string, string> = { id: chat.id, region: chat.region, locale, matchId };
  return chat.url.replace(/\{(id|region|locale|matchId)\}/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ""),
  );
}
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** The layout an operator gets when the document sets no blocks for a placement. */
export const DEFAULT_LAYOUT: Record<Placement | "home", Block[]> = {
  header: [
    { kind: "brand-logo", mode: "tile", width: "default" },
    { kind: "sub-menu", mode: "tile", width: "default" },
    { kind: "search", mode: "tile", width: "default" },
    { kind: "odds", mode: "tile", width: "default" },
    { kind: "language", mode: "tile", width: "default" },
    { kind: "button", action: "sign-in", mode: "tile", width: "default" },
    { kind: "button", action: "sign-up", mode: "tile", width: "default" },
  ],
  leftSidebarDesktop: [
    { kind: "sport-list", mode: "tile", width: "default" },
    { kind: "top-leagues", mode: "tile", width: "default" },
  ],
  rightSidebarDesktop: [{ kind: "clock", mode: "tile", width: "narrow" }],
  mobileSideMenu: [
    { kind: "sub-menu", mode: "tile", width: "default" },
    { kind: "sport-list", mode: "tile", width: "default" },
    { kind: "language", mode: "tile", width: "default" },
    { kind: "odds", mode: "tile", width: "default" },
  ],
  mobileTabBar: [
    { kind: "button", action: "sports-menu", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/live", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/favorites", mode: "tile", width: "default" },
    { kind: "button", action: "bet-slip", mode: "tile", width: "default" },
  ],
  // Every page ends with the ways to the pages no menu lists, and a language choice.
  footer: [
    { kind: "menu-link", href: "/about", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/general-rules", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/results", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/promotions", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/terms-and-conditions", mode: "tile", width: "default" },
    { kind: "menu-link", href: "/help-center", mode: "tile", width: "default" },
    { kind: "language", mode: "tile", width: "default" },
  ],
  // Ten of each list: the live and schedule pages hold the rest, and every card on the home page is
  // parsed and hydrated before a phone can respond.
  home: [
    // The running jackpots' pools move live: shown by default, nothing when none runs.
    { kind: "jackpot-banner", mode: "tile", width: "default" },
    { kind: "top-events", mode: "slider", width: "default", limit: 8 },
    { kind: "live-events", mode: "tile", width: "default", limit: 10 },
    { kind: "prematch-events", mode: "tile", width: "default", limit: 10 },
  ],
};

/** Blocks of a placement: the document's list, or the default layout when it sets none. */
export function blocksFor(settings: SiteSettings, placement: Placement | "home"): Block[] {
  return settings.layout[placement] ?? DEFAULT_LAYOUT[placement];
}

/** Picks the text for `locale` from a localized value: exact, then base language, then English, then any. */
export function pickText(value: Localized | undefined, locale: string): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  const base = locale.split("-")[0] ?? locale;
  return value[locale] ?? value[base] ?? value.en ?? Object.values(value)[0] ?? "";
}
