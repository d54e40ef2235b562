/**
 * What stands in for a competitor's logo when it has none: its initials on a colour taken from its
 * name, so a team keeps its colour on every page. Drawn by CSS from these two values, it costs the
 * page a few bytes where a picture per team cost half a kilobyte twice (document and payload).
 */
export interface TeamBadge {
  initials: string;
  /** 0–359 */
  hue: number;
}

export function teamBadge(name: string): TeamBadge {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  const initials = name
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, 2)
    .map((word) => [...word][0])
    .join("")
    .toLocaleUpperCase();
  return { initials, hue: h % 360 };
}
