import {
  categories,
  competitors,
  type Database,
  markets,
  matches,
  matchMedia,
  outcomes,
  sports,
  tournaments,
} from "@sportsbook/db";

const DAY = 24 * 3600 * 1000;

/** Inserts one row and returns it, failing loudly when nothing came back. */
async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error("fixture row was not inserted");
  return row;
}

interface MarketSpec {
  marketId: number;
  specifier?: string;
  name: string;
  status: number;
  groups?: string[];
  customBet?: boolean;
  mostBalanced?: boolean;
  priority?: number;
  outcomes: [id: string, name: string, odds: number, active?: boolean][];
}

async function addMarkets(db: Database, matchId: number, specs: MarketSpec[]) {
  for (const spec of specs) {
    const market = await one(
      db
        .insert(markets)
        .values({
          matchId,
          marketId: spec.marketId,
          specifier: spec.specifier ?? "",
          name: spec.name,
          status: spec.status,
          groupKeys: spec.groups ?? ["main"],
          customBetGroups: spec.customBet ? ["main"] : [],
          mostBalanced: spec.mostBalanced ?? false,
          priority: spec.priority ?? 0,
        })
        .returning(),
    );
    await db.insert(outcomes).values(
      spec.outcomes.map(([outcomeId, name, odds, active]) => ({
        marketRowId: market.id,
        outcomeId,
        name,
        odds,
        active: active ?? true,
      })),
    );
  }
}

/**
 * A small catalogue shaped like the feed writes it: two betradar sports and an oddin one, prematch,
 * live and finished matches, open, suspended, hidden and settled markets.
 */
export async function seedCatalogue(db: Database, now: Date) {
  const soccer = await one(
    db
      .insert(sports)
      .values({
        provider: "betradar",
        urnId: "sr:sport:1",
        key: "soccer",
        name: "Soccer",
        translations: { de: "Fußball" },
        priority: 100,
        mainMarketId: 1,
        mainMarketOutcomesCount: 3,
        secondaryMarketId: 18,
        secondaryMarketOutcomesCount: 2,
      })
      .returning(),
  );
  const tennis = await one(
    db
      .insert(sports)
      .values({
        provider: "betradar",
        urnId: "sr:sport:5",
        key: "tennis",
        name: "Tennis",
        priority: 50,
        mainMarketId: 186,
        mainMarketOutcomesCount: 2,
      })
      .returning(),
  );
  const cs = await one(
    db
      .insert(sports)
      .values({
        provider: "oddin",
        urnId: "od:sport:1",
        key: "cs2",
        name: "Counter-Strike 2",
        type: "cyber",
        priority: 10,
        mainMarketId: 1,
        mainMarketOutcomesCount: 2,
      })
      .returning(),
  );
  const england = await one(
    db
      .insert(categories)
      .values({
        provider: "betradar",
        urnId: "sr:category:1",
        sportId: soccer.id,
        slug: "england",
        name: "England",
        countryCode: "GB",
        priority: 10,
      })
      .returning(),
  );
  const spain = await one(
    db
      .insert(categories)
      .values({
        provider: "betradar",
        urnId: "sr:category:32",
        sportId: soccer.id,
        slug: "spain",
        name: "Spain",
        translations: { de: "Spanien" },
        countryCode: "ES",
      })
      .returning(),
  );
  const atp = await one(
    db
      .insert(categories)
      .values({ provider: "betradar", urnId: "sr:category:3", sportId: tennis.id, slug: "atp", name: "ATP" })
      .returning(),
  );
  const esl = await one(
    db
      .insert(categories)
      .values({
        provider: "oddin",
        urnId: "od:category:1",
        sportId: cs.id,
        slug: "international",
        name: "International",
      })
      .returning(),
  );
  const premier = await one(
    db
      .insert(tournaments)
      .values({
        provider: "betradar",
        urnId: "sr:tournament:17",
        sportId: soccer.id,
        categoryId: england.id,
        slug: "premier-league",
        name: "Premier League",
        translations: { de: "Englische Erstliga" },
        priority: 10,
      })
      .returning(),
  );
  const laliga = await one(
    db
      .insert(tournaments)
      .values({
        provider: "betradar",
        urnId: "sr:tournament:8",
        sportId: soccer.id,
        categoryId: spain.id,
        slug: "laliga",
        name: "LaLiga",
        priority: 5,
      })
      .returning(),
  );
  const wimbledon = await one(
    db
      .insert(tournaments)
      .values({
        provider: "betradar",
        urnId: "sr:tournament:2555",
        sportId: tennis.id,
        categoryId: atp.id,
        slug: "wimbledon",
        name: "Wimbledon",
      })
      .returning(),
  );
  const major = await one(
    db
      .insert(tournaments)
      .values({
        provider: "oddin",
        urnId: "od:tournament:9",
        sportId: cs.id,
        categoryId: esl.id,
        slug: "major",
        name: "Major",
      })
      .returning(),
  );
  const team = async (
    urn: string,
    name: string,
    provider = "betradar",
    translations: Record<string, string> = {},
  ) =>
    one(
      db
        .insert(competitors)
        .values({ provider, urnId: urn, name, translations, logo: `https://img.example/${urn}.png` })
        .returning(),
    );
  const arsenal = await team("sr:competitor:42", "Arsenal");
  const chelsea = await team("sr:competitor:38", "Chelsea");
  const liverpool = await team("sr:competitor:44", "Liverpool");
  const everton = await team("sr:competitor:48", "Everton");
  const real = await team("sr:competitor:2829", "Real Madrid");
  const barca = await team("sr:competitor:2817", "Barcelona", "betradar", { de: "FC Barcelona" });
  const nadal = await team("sr:competitor:14486", "Rafael Nadal");
  const federer = await team("sr:competitor:14483", "Roger Federer");
  const navi = await team("od:competitor:1", "Natus Vincere", "oddin");
  const faze = await team("od:competitor:2", "FaZe Clan", "oddin");

  const match = (values: Omit<typeof matches.$inferInsert, "provider"> & { provider?: string }) =>
    one(
      db
        .insert(matches)
        .values({ provider: "betradar", ...values })
        .returning(),
    );
  const prematch = await match({
    urnId: "sr:match:1001",
    sportId: soccer.id,
    categoryId: england.id,
    tournamentId: premier.id,
    slug: "arsenal-chelsea",
    homeCompetitorId: arsenal.id,
    awayCompetitorId: chelsea.id,
    status: 0,
    startTime: new Date(now.getTime() + DAY),
    priority: 5,
  });
  const live = await match({
    urnId: "sr:match:1002",
    sportId: soccer.id,
    categoryId: england.id,
    tournamentId: premier.id,
    slug: "liverpool-everton",
    homeCompetitorId: liverpool.id,
    awayCompetitorId: everton.id,
    status: 1,
    startTime: new Date(now.getTime() - 3600_000),
    hasVideo: true,
    statistics: {
      total_score: { home: 1, away: 0 },
      clock: { match_time: "34:12", stopped: false },
      period_score: [{ home: 1, away: 0, number: 1, period_key: "1st_half" }],
    },
  });
  const finished = await match({
    urnId: "sr:match:1003",
    sportId: soccer.id,
    categoryId: spain.id,
    tournamentId: laliga.id,
    slug: "real-barcelona",
    homeCompetitorId: real.id,
    awayCompetitorId: barca.id,
    status: 4,
    startTime: new Date(now.getTime() - DAY),
  });
  const tennisMatch = await match({
    urnId: "sr:match:2001",
    sportId: tennis.id,
    categoryId: atp.id,
    tournamentId: wimbledon.id,
    slug: "nadal-federer",
    homeCompetitorId: nadal.id,
    awayCompetitorId: federer.id,
    status: 0,
    startTime: new Date(now.getTime() + 2 * DAY),
  });
  const esport = await match({
    provider: "oddin",
    urnId: "od:match:77",
    sportId: cs.id,
    categoryId: esl.id,
    tournamentId: major.id,
    slug: "navi-faze",
    homeCompetitorId: navi.id,
    awayCompetitorId: faze.id,
    status: 0,
    startTime: new Date(now.getTime() + 3 * DAY),
  });
  const laligaNext = await match({
    urnId: "sr:match:1004",
    sportId: soccer.id,
    categoryId: spain.id,
    tournamentId: laliga.id,
    slug: "barcelona-real",
    homeCompetitorId: barca.id,
    awayCompetitorId: real.id,
    status: 0,
    startTime: new Date(now.getTime() + 4 * DAY),
  });

  const x12 = (h: number, d: number, a: number): MarketSpec["outcomes"] => [
    ["1", "{$competitor1}", h],
    ["2", "draw", d],
    ["3", "{$competitor2}", a],
  ];
  await addMarkets(db, prematch.id, [
    {
      marketId: 1,
      name: "1x2",
      status: 1,
      groups: ["main", "popular"],
      customBet: true,
      priority: 100,
      outcomes: x12(2100, 3400, 3500),
    },
    {
      marketId: 18,
      specifier: "total=2.5",
      name: "Total 2.5",
      status: 1,
      groups: ["main", "totals"],
      customBet: true,
      mostBalanced: true,
      priority: 90,
      outcomes: [
        ["12", "over 2.5", 1900],
        ["13", "under 2.5", 1950],
      ],
    },
    {
      marketId: 18,
      specifier: "total=3.5",
      name: "Total 3.5",
      status: 1,
      groups: ["totals"],
      priority: 80,
      outcomes: [
        ["12", "over 3.5", 3100],
        ["13", "under 3.5", 1350],
      ],
    },
    {
      marketId: 29,
      name: "Both teams to score",
      status: -1,
      groups: ["main"],
      customBet: true,
      priority: 70,
      outcomes: [
        ["74", "yes", 1700],
        ["76", "no", 2050],
      ],
    },
    {
      marketId: 10,
      name: "Double chance",
      status: 0,
      groups: ["main"],
      outcomes: [
        ["9", "1X", 1250],
        ["10", "12", 1300],
        ["11", "X2", 1700],
      ],
    },
  ]);
  await addMarkets(db, live.id, [
    { marketId: 1, name: "1x2", status: 1, groups: ["main"], priority: 100, outcomes: x12(1500, 4000, 6000) },
  ]);
  await addMarkets(db, finished.id, [
    { marketId: 1, name: "1x2", status: -3, groups: ["main"], outcomes: x12(1800, 3600, 4200) },
  ]);
  await addMarkets(db, tennisMatch.id, [
    {
      marketId: 186,
      name: "Winner",
      status: 1,
      groups: ["main"],
      outcomes: [
        ["4", "{$competitor1}", 1700],
        ["5", "{$competitor2}", 2150],
      ],
    },
  ]);
  await addMarkets(db, esport.id, [
    {
      marketId: 1,
      name: "Winner",
      status: 1,
      groups: ["main"],
      outcomes: [
        ["1", "home", 1800],
        ["2", "away", 1950],
      ],
    },
  ]);
  await addMarkets(db, laligaNext.id, [
    { marketId: 1, name: "1x2", status: 1, groups: ["main"], outcomes: x12(1900, 3500, 3900) },
  ]);
  await db.insert(matchMedia).values([
    {
      matchId: live.id,
      kind: "video",
      provider: "demo",
      link: "https://video.example/1002",
      languageCode: "en",
    },
    {
      matchId: live.id,
      kind: "stream",
      provider: "demo",
      link: "https://stream.example/1002.m3u8",
      languageCode: "en",
    },
  ]);
  return {
    sports: { soccer, tennis, cs },
    categories: { england, spain, atp, esl },
    tournaments: { premier, laliga, wimbledon, major },
    matches: { prematch, live, finished, tennisMatch, esport, laligaNext },
  };
}

export type CatalogueFixture = Awaited<ReturnType<typeof seedCatalogue>>;
