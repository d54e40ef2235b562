/**
 * The page benchmark's floor: a bare page of the same build (one server component, no app code, the
 * same CSS pipeline) that shows what Next.js and React cost by themselves, measured beside the real
 * pages in the same run. Served only when the app is started with `BENCH_FLOOR_PAGE=on`.
 */
export const BENCH_FLOOR_PATH = "/bench-floor";

export function isBenchFloorPath(pathname: string): boolean {
  return pathname === BENCH_FLOOR_PATH;
}

export function benchFloorServed(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.BENCH_FLOOR_PAGE === "on";
}
