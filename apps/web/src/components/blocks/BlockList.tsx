import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { imageProps } from "../../lib/image-props";
import { readListParams, type SearchParams } from "../../lib/list-query";
import { localizeHref } from "../../lib/locale-url";
import { requestQuery } from "../../lib/request.server";
import { type Block, chatUrl, DEFAULT_LOGO, pickText, type SiteSettings } from "../../lib/site-settings";
import { BonusesBlock } from "../bonuses/BonusesBlock";
import { PromoCodeForm } from "../bonuses/BonusesLazy";
import { EventListBlock, type EventsFilter, isEventListKind } from "../catalog/EventListBlock";
import { SportList } from "../catalog/SportList";
import { TopLeagues } from "../catalog/TopLeagues";
import { ActionButton } from "../controls/ActionButton";
import { Clock } from "../controls/Clock";
import { LanguageSwitcher } from "../controls/LanguageSwitcher";
import { OddsFormatSwitcher } from "../controls/OddsFormatSwitcher";
import { SearchBox } from "../controls/SearchBox";
import { JackpotBlock, JackpotLeaderboardBlock } from "../jackpots/JackpotBlocks";
import styles from "./BlockList.module.css";
import { BrandMark } from "./BrandMark";
import { ChatToggle } from "./ChatToggle";
import { EventsFilterBlock } from "./EventsFilterBlock";
import { EventMarketsBlock, EventStatsBlock, MatchPreviewBlock, PredictionBlock } from "./MatchBlocks";
import { ModalBlock } from "./ModalBlock";
import { PlatformSwitcher } from "./PlatformSwitcher";
import { NotificationsBlock, ProfileBlock, SelectionBar } from "./PlayerBlocks";
import { ResponsiveImage } from "./ResponsiveImage";
import { SpeedDial } from "./SpeedDial";
import { SubMenu } from "./SubMenu";

export interface BlockContext {
  locale: string;
  settings: SiteSettings;
}

/** What an events-filter block reads and hands to the event lists placed after it. */
interface FilterState {
  query: SearchParams;
  filter: EventsFilter;
}

/** Renders a placement's blocks in order; each block carries its kind, mode and width as data attributes. */
export async function BlockList({ blocks, ctx }: { blocks: readonly Block[]; ctx: BlockContext }) {
  const filterAt = blocks.findIndex((b) => b.kind === "events-filter");
  let state: FilterState | undefined;
  if (filterAt >= 0) {
    const query = await requestQuery();
    const { sports, time } = readListParams(query);
    state = { query, filter: { sports, time } };
  }
  return (
    <>
      {blocks.map((b, i) => (
        <div
          key={b.id ?? i}
          className={`block block-${b.kind}`}
          data-block={b.kind}
          data-mode={b.mode}
          data-width={b.width}
        >
          <BlockView block={b} ctx={ctx} filter={filterAt >= 0 && i >= filterAt ? state : undefined} />
        </div>
      ))}
    </>
  );
}

function BlockView({
  block,
  ctx,
  filter,
}: {
  block: Block;
  ctx: BlockContext;
  filter?: FilterState | undefined;
}) {
  const { locale, settings } = ctx;
  if (isEventListKind(block.kind))
    return (
      <EventListBlock
        block={{ ...block, kind: block.kind }}
        locale={locale}
        settings={settings}
        filter={filter?.filter}
      />
    );
  const text = pickText(block.text, locale);
  const href = (h: string) => localizeHref(h, locale, settings);
  switch (block.kind) {
    case "text":
      return <p>{text}</p>;
    case "label":
      return <span className="label">{text}</span>;
    case "divider":
      return <hr />;
    case "brand-logo":
      return (
        <Link href={href("/")} className="brand" aria-label={settings.siteName}>
          {settings.logo === DEFAULT_LOGO ? (
            <BrandMark name={settings.siteName} />
          ) : (
            // biome-ignore lint/performance/noImgElement: the optimizer's props on a plain img (lib/image-props.ts says why)
            <img
              {...imageProps({
                src: settings.logo,
                alt: settings.siteName,
                width: 150,
                height: 32,
                priority: true,
                unoptimized: settings.logo.endsWith(".svg"),
              })}
              alt={settings.siteName}
            />
          )}
        </Link>
      );
    case "image":
    case "banner":
      if (!block.src) return null;
      return (
        <a href={block.href ? href(block.href) : undefined} className={styles.media}>
          <ResponsiveImage
            src={block.src}
            alt={pickText(block.alt, locale)}
            width={block.imageWidth ?? 720}
            height={block.imageHeight ?? 225}
          />
          {text ? <span className={styles.caption}>{text}</span> : null}
        </a>
      );
    case "menu-link":
      return block.href ? (
        <MenuLink href={block.href} text={text} locale={locale} settings={settings} />
      ) : null;
    case "iframe":
      return block.src ? (
        <iframe
          src={block.src}
          title={text || "embedded"}
          sandbox="allow-scripts allow-same-origin"
          loading="lazy"
        />
      ) : null;
    case "button":
      return block.action ? <ActionButton action={block.action} label={text || undefined} /> : null;
    case "sub-menu":
      return <SubMenu locale={locale} settings={settings} />;
    case "side-menu":
      return (
        <>
          <SubMenu locale={locale} settings={settings} />
          <SportList locale={locale} settings={settings} />
        </>
      );
    case "language":
      return <LanguageSwitcher />;
    case "odds":
      return <OddsFormatSwitcher />;
    case "clock":
      return <Clock />;
    case "search":
      return <SearchBox />;
    case "sport-list":
      return <SportList locale={locale} settings={settings} />;
    case "top-leagues":
    case "navigation-top-leagues":
    case "leagues":
      return <TopLeagues locale={locale} settings={settings} limit={block.limit ?? 10} />;
    case "modal":
      // mobile-app mode skips the floating site widgets: the native app has its own (SPEC §6)
      if (settings.isMobileApp) return null;
      return <ModalBlock label={text} title={text} body={pickText(block.body, locale)} />;
    case "event-markets":
      return <EventMarketsBlock block={block} locale={locale} settings={settings} />;
    case "event-stats":
      return <EventStatsBlock block={block} locale={locale} settings={settings} />;
    case "prediction":
      return <PredictionBlock block={block} locale={locale} settings={settings} />;
    case "match-preview":
      return <MatchPreviewBlock block={block} locale={locale} settings={settings} />;
    case "events-filter":
      return (
        <EventsFilterBlock
          locale={locale}
          query={filter?.query ?? {}}
          filter={filter?.filter ?? { sports: [], time: "all" }}
        />
      );
    case "bonuses":
      return <BonusesBlock block={block} locale={locale} settings={settings} />;
    case "promocode":
      return <PromoCodeForm />;
    case "jackpot-banner":
    case "jackpot-card":
      return <JackpotBlock block={block} locale={locale} settings={settings} />;
    case "jackpot-leaderboard":
      return <JackpotLeaderboardBlock block={block} locale={locale} settings={settings} />;
    case "speed-dial":
      if (settings.isMobileApp) return null;
      return <SpeedDial block={block} locale={locale} settings={settings} />;
    case "mobile-selection-bar":
      return <SelectionBar />;
    case "notifications":
      return <NotificationsBlock />;
    case "profile":
      return <ProfileBlock />;
    case "platform-switcher":
      // the settings refuse a platform-switcher without the platform's address and name
      return block.href && text ? (
        <PlatformSwitcher locale={locale} home={href("/")} platform={{ name: text, href: block.href }} />
      ) : null;
    case "chat-toggle":
      // the settings refuse a chat-toggle block when the site has no chat
      return settings.chat && !settings.isMobileApp ? (
        <ChatToggle url={chatUrl(settings.chat, locale)} />
      ) : null;
    default:
      // Kinds whose part is not built are refused by the settings validation (BLOCKS_AWAITING).
      return null;
  }
}

const NAV_KEYS: Record<string, string> = {
  "/": "sports",
  "/live": "live",
  "/cybersport": "cybersport",
  "/favorites": "favorites",
  "/schedule": "schedule",
  "/results": "results",
  "/promotions": "promotions",
  "/general-rules": "general-rules",
  "/about": "about",
  "/terms-and-conditions": "terms-and-conditions",
  "/help-center": "help-center",
};

/** A menu link; without its own text, a link to a main section is labelled with that section's name. */
async function MenuLink({
  href,
  text,
  locale,
  settings,
}: {
  href: string;
  text: string;
  locale: string;
  settings: SiteSettings;
}) {
  const key = NAV_KEYS[href];
  const t = await getTranslations({ locale, namespace: "nav" });
  const label = text || (key ? t(key as Parameters<typeof t>[0]) : href);
  return (
    <Link href={localizeHref(href, locale, settings)} className={styles.menuLink} prefetch={false}>
      {label}
    </Link>
  );
}
