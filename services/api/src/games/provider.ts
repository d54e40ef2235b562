import type { GameApp } from "@sportsbook/contracts";

/** What a game launch knows of who plays: a signed-in player, or a visitor playing for fun. */
export interface GameLaunch {
  app: GameApp;
  playerId: number | null;
  locale: string;
}

/** A provider of the additional products (SPEC §3 additional_providers), launched in a frame. */
export interface GameProvider {
  /** Its name in `POST /{provider}/launch`. */
  readonly name: string;
  /** The address of the game for this launch (absolute, or a path on this origin). */
  launch(launch: GameLaunch): Promise<string>;
}
