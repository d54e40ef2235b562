import type { UserSettings } from "@sportsbook/contracts/http/settings";
import type { SlipClock } from "./slip-follow";
import type { SlipNotice } from "./slip-placement-notices";

/** The first wait before the settings are read again, doubled after each failure up to the most. */
const RETRY_MS = 1_000;
const RETRY_MAX_MS = 8_000;

export interface SettingsReadOptions {
  read(): Promise<UserSettings>;
  clock: SlipClock;
  isOnline(): boolean;
  report(reason: string): void;
  notify(notice: SlipNotice): void;
  translate(key: string): string;
}

/**
 * The settings the slip is built on, read again until read: a page that lost its connection as the
 * slip started gets a slip once it is back, not one dead until a reload. The first failure is
 * reported; the player is told once, and not while offline (the page already says so). `stop`
 * ends a wait at once, and `read` then answers null.
 */
export function settingsRead(o: SettingsReadOptions) {
  let stopped = false;
  let endPause: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        endPause = null;
        resolve();
      };
      const handle = o.clock.setTimeout(done, ms);
      endPause = () => {
        o.clock.clearTimeout(handle);
        done();
      };
    });

  return {
    async read(): Promise<UserSettings | null> {
      let failed = false;
      let told = false;
      for (let attempt = 0; !stopped; attempt++) {
        try {
          return await o.read();
        } catch (e) {
          if (!failed) o.report(e instanceof Error ? e.message : String(e));
          failed = true;
          if (!told && o.isOnline()) {
            told = true;
            o.notify({
              kind: "danger",
              title: o.translate("global-error.default.title"),
              description: o.translate("global-error.default.description"),
            });
          }
          await pause(Math.min(RETRY_MS * 2 ** attempt, RETRY_MAX_MS));
        }
      }
      return null;
    },
    stop() {
      stopped = true;
      endPause?.();
    },
  };
}
