import { z } from "zod";

/** SPEC §3 additional_providers: the products a game provider launches in a frame. */
export const GAME_APPS = ["horse_racing", "lotto", "premium_cricket"] as const;
export type GameApp = (typeof GAME_APPS)[number];

/** A game provider's name in `POST /{provider}/launch`. */
export const gameProviderSchema = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, "a provider name");

/** SPEC §7 `POST /{provider}/launch {app}`. */
export const launchBodySchema = z.object({ app: z.enum(GAME_APPS) }).strict();
/** The address of the provider's game, to open in a frame; it carries a short-lived launch token. */
export const launchResponseSchema = z.object({ data: z.object({ url: z.string() }) });
