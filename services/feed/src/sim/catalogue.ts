import type { Provider } from "../model.js";
import type { Title } from "./esports.js";
import type { Rng } from "./prng.js";

/** What the simulator schedules: sports, their leagues and fictional competitors. */

export type SportKey =
  | "soccer"
  | "tennis"
  | "basketball"
  | "ice-hockey"
  | "cricket"
  | "cs2"
  | "dota2"
  | "lol";

export interface League {
  category: { urn: string; name: string; countryCode?: string };
  tournament: { urn: string; name: string };
}

export interface SportDef {
  key: SportKey;
  provider: Provider;
  urn: string;
  name: string;
  /** relative share of the schedule */
  weight: number;
  leagues: League[];
  /** names of individual players rather than teams */
  players?: boolean;
  title?: Title;
}

const CITIES = [
  "Northbridge",
  "Eastmoor",
  "Riverton",
  "Highcliff",
  "Westport",
  "Stonebury",
  "Kingsmere",
  "Ashford",
  "Ironvale",
  "Lakeside",
  "Redhaven",
  "Greenholm",
  "Oakridge",
  "Silverton",
  "Marston",
  "Brightwater",
  "Falkirk Bay",
  "Duneport",
  "Elmstead",
  "Harrowgate",
  "Coldwater",
  "Sunmoor",
  "Blackrock",
  "Wyvern",
];
const CLUB = ["FC", "United", "City", "Athletic", "Rovers", "Wanderers", "Albion", "Town"];
const NICK = [
  "Falcons",
  "Wolves",
  "Titans",
  "Comets",
  "Bears",
  "Sharks",
  "Storm",
  "Knights",
  "Raptors",
  "Giants",
];
const FIRST = [
  "Alex",
  "Marta",
  "Jonas",
  "Elena",
  "Luca",
  "Sofia",
  "Mateo",
  "Nina",
  "Oskar",
  "Clara",
  "Ivan",
  "Leah",
];
const LAST = [
  "Novak",
  "Berg",
  "Moreau",
  "Costa",
  "Lindqvist",
  "Kovacs",
  "Brandt",
  "Okafor",
  "Ricci",
  "Tanaka",
  "Walsh",
  "Duarte",
];
const GAMING = ["Nova", "Vortex", "Apex", "Eclipse", "Phantom", "Zenith", "Onyx", "Pulse", "Echo", "Drift"];
const GAMING_SUFFIX = ["Gaming", "Esports", "Club", "Squad", "Five"];

const league = (cat: string, catName: string, cc: string | undefined, t: string, tName: string): League => ({
  category: { urn: cat, name: catName, ...(cc ? { countryCode: cc } : {}) },
  tournament: { urn: t, name: tName },
});

export const SPORTS: SportDef[] = [
  {
    key: "soccer",
    provider: "betradar",
    urn: "sr:sport:1",
    name: "Soccer",
    weight: 24,
    leagues: [
      league("sr:category:1", "England", "GBR", "sr:tournament:17", "Premier Division"),
      league("sr:category:32", "Spain", "ESP", "sr:tournament:8", "Primera Liga"),
      league("sr:category:30", "Germany", "DEU", "sr:tournament:35", "Erste Liga"),
      league("sr:category:31", "Italy", "ITA", "sr:tournament:23", "Serie Uno"),
    ],
  },
  {
    key: "soccer",
    provider: "betconstruct",
    urn: "bc:sport:1",
    name: "Soccer",
    weight: 10,
    leagues: [
      league("bc:category:77", "France", "FRA", "bc:tournament:545", "Division Une"),
      league("bc:category:151", "Netherlands", "NLD", "bc:tournament:1957", "Eerste Klasse"),
    ],
  },
  {
    key: "tennis",
    provider: "betradar",
    urn: "sr:sport:5",
    name: "Tennis",
    weight: 14,
    players: true,
    leagues: [
      league("sr:category:3", "ATP", undefined, "sr:tournament:2553", "ATP Harbour Open"),
      league("sr:category:6", "WTA", undefined, "sr:tournament:2647", "WTA Coastal Classic"),
    ],
  },
  {
    key: "basketball",
    provider: "betradar",
    urn: "sr:sport:2",
    name: "Basketball",
    weight: 14,
    leagues: [
      league("sr:category:15", "International", undefined, "sr:tournament:138", "Continental League"),
    ],
  },
  {
    key: "ice-hockey",
    provider: "betradar",
    urn: "sr:sport:4",
    name: "Ice Hockey",
    weight: 10,
    leagues: [league("sr:category:37", "Sweden", "SWE", "sr:tournament:261", "Northern Hockey League")],
  },
  {
    key: "cricket",
    provider: "betradar",
    urn: "sr:sport:21",
    name: "Cricket",
    weight: 6,
    leagues: [league("sr:category:104", "India", "IND", "sr:tournament:2472", "T20 Premier Cup")],
  },
  {
    key: "cs2",
    provider: "oddin",
    urn: "od:sport:1",
    name: "Counter-Strike 2",
    weight: 8,
    title: "cs2",
    leagues: [league("od:category:1", "International", undefined, "od:tournament:101", "CS2 Masters Series")],
  },
  {
    key: "dota2",
    provider: "oddin",
    urn: "od:sport:2",
    name: "Dota 2",
    weight: 7,
    title: "dota2",
    leagues: [league("od:category:1", "International", undefined, "od:tournament:201", "Dota 2 Pro Circuit")],
  },
  {
    key: "lol",
    provider: "oddin",
    urn: "od:sport:3",
    name: "League of Legends",
    weight: 7,
    title: "lol",
    leagues: [league("od:category:1", "International", undefined, "od:tournament:301", "LoL Champions Cup")],
  },
];

export function pickSport(rng: Rng): SportDef {
  const total = SPORTS.reduce((s, x) => s + x.weight, 0);
  let r = rng.next() * total;
  for (const s of SPORTS) {
    r -= s.weight;
    if (r < 0) return s;
  }
  return SPORTS[0] as SportDef;
}

/** A fictional competitor name for a sport; deterministic for a given generator state. */
export function competitorName(rng: Rng, sport: SportDef): string {
  if (sport.players) return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  if (sport.title) return `${rng.pick(GAMING)} ${rng.pick(GAMING_SUFFIX)}`;
  if (sport.key === "soccer") return `${rng.pick(CITIES)} ${rng.pick(CLUB)}`;
  return `${rng.pick(CITIES)} ${rng.pick(NICK)}`;
}

export function abbreviation(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("");
  return (letters.length >= 3 ? letters : name.replace(/\s+/g, "")).slice(0, 3).toUpperCase();
}

/** The routing-key sport id: the number of the sport URN. */
export function sportId(sport: SportDef): number {
  return Number(sport.urn.slice(sport.urn.lastIndexOf(":") + 1));
}
