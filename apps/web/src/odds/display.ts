import { formatOdds, isOdds } from "@sportsbook/domain";
import type { OddsFormat } from "./odds-preference";

/** Formats odds ×1000 for display in the chosen format (the domain package's formats of SPEC §9). */
export function displayOdds(thousandths: number, format: OddsFormat): string {
  return isOdds(thousandths) ? formatOdds(thousandths, format) : "–";
}
