/** Minor units of an amount a player typed ("10", "10.5", "10,50"), or null when it is no amount. */
export function minorUnits(text: string, subunits: number): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,8}))?$/.exec(text.trim());
  if (!m?.[1]) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > subunits) return null;
  const minor = Number(m[1]) * 10 ** subunits + Number(fraction.padEnd(subunits, "0") || "0");
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null;
}
