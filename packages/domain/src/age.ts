/**
 * Age rules of sign-up: whole years lived on a calendar day, dates as ISO `YYYY-MM-DD` (a date of
 * birth has no time zone; `today` is the operator's calendar day, given by the caller).
 */

function parts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not an ISO date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whole years from `dateOfBirth` to `today`; a birthday on 29 February comes on 1 March in other years. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = parts(dateOfBirth);
  const [ty, tm, td] = parts(today);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** Whether someone born on `dateOfBirth` is at least `minimumAge` on `today` (and not born after it). */
export function isOfAge(dateOfBirth: string, minimumAge: number, today: string): boolean {
  return dateOfBirth <= today && ageOn(dateOfBirth, today) >= minimumAge;
}

/** The latest date of birth of someone `minimumAge` years old on `today` (the form's `max`). */
export function latestBirthDate(minimumAge: number, today: string): string {
  const [ty, tm, td] = parts(today);
  const year = String(ty - minimumAge).padStart(4, "0");
  const month = String(tm).padStart(2, "0");
  // 29 February of a year without one: the birthday of 28 February has come
  const day = tm === 2 && td === 29 && !isLeapYear(ty - minimumAge) ? "28" : String(td).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
