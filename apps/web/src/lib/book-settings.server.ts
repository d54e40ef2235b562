import type { GameApp } from "@sportsbook/contracts/http/games";
import { settingsResponseSchema } from "@sportsbook/contracts/http/settings";
import type { OddsFormat } from "@sportsbook/domain";
import { apiGet } from "./api.server";

/** What the pages honour of the book's settings (SPEC §3 user settings; a visitor gets the system's). */
export interface BookSettings {
  customBetEnabled: boolean;
  /** The odds formats the switcher offers, and the one a visitor starts with. */
  oddsTypes: { available: OddsFormat[]; selected: OddsFormat };
  videoEnabled: boolean;
  /** SPEC §3 additional_providers: each product on or off, and the game provider launching it. */
  products: Record<GameApp, { enabled: boolean; provider: string }>;
}

const PRODUCT_OFF = { enabled: false, provider: "sandbox" };

/** Everything on: what the pages show when the settings cannot be read (as before they were honoured). */
const BOOK_SETTINGS_UNREAD: BookSettings = {
  customBetEnabled: true,
  oddsTypes: {
    available: ["decimal", "fractional", "american", "hongkong", "indonesian", "malaysian"],
    selected: "decimal",
  },
  videoEnabled: true,
  products: { horse_racing: PRODUCT_OFF, lotto: PRODUCT_OFF, premium_cricket: PRODUCT_OFF },
};

/**
 * The system's settings as `GET /settings` answers a visitor, read once per page render (React's
 * request cache behind `apiGet`). A failure is logged and the pages keep every feature on, so an
 * API hiccup never hides the bet builder from everyone.
 */
export async function fetchBookSettings(locale: string): Promise<BookSettings> {
  try {
    const { data } = await apiGet("/settings", settingsResponseSchema, { locale });
    const available = data.odds_types.available;
    return {
      customBetEnabled: data.custom_bet_enabled,
      // An empty list would leave no way to show a price: the operator's mistake falls back to all.
      oddsTypes:
        available.length === 0
          ? BOOK_SETTINGS_UNREAD.oddsTypes
          : {
              available,
              selected: available.includes(data.odds_types.selected)
                ? data.odds_types.selected
                : (available[0] ?? "decimal"),
            },
      videoEnabled: data.video_settings.enabled,
      products: {
        horse_racing: productOf(data.additional_providers.horse_racing),
        lotto: productOf(data.additional_providers.lotto),
        premium_cricket: productOf(data.additional_providers.premium_cricket),
      },
    };
  } catch (err) {
    console.warn(`[web] the book's settings could not be read: ${(err as Error).message}`);
    return BOOK_SETTINGS_UNREAD;
  }
}

function productOf(p: { enabled: boolean; provider?: string | undefined }): {
  enabled: boolean;
  provider: string;
} {
  return { enabled: p.enabled, provider: p.provider ?? PRODUCT_OFF.provider };
}
