import {
  type SettingsBody,
  settingsResponseSchema,
  type UserSettings,
} from "@sportsbook/contracts/http/settings";
import { apiFetch, jsonBody } from "../lib/client-api";

/** Reads the settings (SPEC §7 GET /settings): a visitor gets the system's, a player their own. */
export async function loadSettings(locale: string): Promise<UserSettings> {
  const res = await apiFetch("/settings", { locale });
  if (!res.ok) throw new Error(`GET /settings answered ${res.status}`);
  return settingsResponseSchema.parse(await res.json()).data;
}

/** Saves a signed-in player's betting preferences (SPEC §7 POST /settings) and answers the result. */
export async function saveSettings(body: SettingsBody, locale: string): Promise<UserSettings> {
  const res = await apiFetch("/settings", { method: "POST", locale, ...jsonBody(body) });
  if (!res.ok) throw new Error(`POST /settings answered ${res.status}`);
  return settingsResponseSchema.parse(await res.json()).data;
}
