import { readFileSync } from "node:fs";

/** USER_HZ: /proc counts CPU time in ticks of 10 ms on Linux. */
const MS_PER_TICK = 10;

/**
 * A process's command name and the CPU (user + system, ms) it has used so far, from
 * /proc/<pid>/stat; undefined when it cannot be read (the process ended, or runs on another machine).
 */
export function processCpu(pid: number | string): { name: string; cpuMs: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // ended meanwhile, or not a process of this machine
  }
  const close = stat.lastIndexOf(")");
  // after the name: state is field 3 of the line, utime and stime fields 14 and 15
  const fields = stat.slice(close + 2).split(" ");
  return {
    name: stat.slice(stat.indexOf("(") + 1, close),
    cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK,
  };
}
