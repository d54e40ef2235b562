import type { Translations } from "@sportsbook/db";
import { LANGUAGE_TEXTS } from "../descriptions/market-texts.js";

/**
 * The simulator's description service: its sports, categories and leagues in each language it
 * describes (de, es, pt-BR, tr, ar), keyed by the English name. Competitors are fictional proper
 * names and read the same in every language; so do the titles of games (Dota 2).
 */
const NAMES: Readonly<Record<string, Translations>> = {
  Soccer: { de: "Fußball", es: "Fútbol", "pt-BR": "Futebol", tr: "Futbol", ar: "كرة القدم" },
  Tennis: { de: "Tennis", es: "Tenis", "pt-BR": "Tênis", tr: "Tenis", ar: "التنس" },
  Basketball: { de: "Basketball", es: "Baloncesto", "pt-BR": "Basquete", tr: "Basketbol", ar: "كرة السلة" },
  "Ice Hockey": {
    de: "Eishockey",
    es: "Hockey sobre hielo",
    "pt-BR": "Hóquei no gelo",
    tr: "Buz hokeyi",
    ar: "هوكي الجليد",
  },
  Cricket: { de: "Cricket", es: "Críquet", "pt-BR": "Críquete", tr: "Kriket", ar: "الكريكيت" },
  England: { de: "England", es: "Inglaterra", "pt-BR": "Inglaterra", tr: "İngiltere", ar: "إنجلترا" },
  Spain: { de: "Spanien", es: "España", "pt-BR": "Espanha", tr: "İspanya", ar: "إسبانيا" },
  Germany: { de: "Deutschland", es: "Alemania", "pt-BR": "Alemanha", tr: "Almanya", ar: "ألمانيا" },
  Italy: { de: "Italien", es: "Italia", "pt-BR": "Itália", tr: "İtalya", ar: "إيطاليا" },
  France: { de: "Frankreich", es: "Francia", "pt-BR": "França", tr: "Fransa", ar: "فرنسا" },
  Netherlands: {
    de: "Niederlande",
    es: "Países Bajos",
    "pt-BR": "Países Baixos",
    tr: "Hollanda",
    ar: "هولندا",
  },
  Sweden: { de: "Schweden", es: "Suecia", "pt-BR": "Suécia", tr: "İsveç", ar: "السويد" },
  India: { de: "Indien", es: "India", "pt-BR": "Índia", tr: "Hindistan", ar: "الهند" },
  International: {
    de: "International",
    es: "Internacional",
    "pt-BR": "Internacional",
    tr: "Uluslararası",
    ar: "دولي",
  },
  "Premier Division": {
    de: "Erste Division",
    es: "División Premier",
    "pt-BR": "Divisão Premier",
    tr: "Premier Lig",
    ar: "الدرجة الممتازة",
  },
  "ATP Harbour Open": {
    de: "ATP Hafen-Open",
    es: "ATP Abierto del Puerto",
    "pt-BR": "ATP Aberto do Porto",
    tr: "ATP Liman Açık",
    ar: "ATP بطولة الميناء المفتوحة",
  },
  "WTA Coastal Classic": {
    de: "WTA Küsten-Klassiker",
    es: "WTA Clásico de la Costa",
    "pt-BR": "WTA Clássico do Litoral",
    tr: "WTA Sahil Klasiği",
    ar: "WTA كلاسيكو الساحل",
  },
  "Continental League": {
    de: "Kontinentalliga",
    es: "Liga Continental",
    "pt-BR": "Liga Continental",
    tr: "Kıta Ligi",
    ar: "الدوري القاري",
  },
  "Northern Hockey League": {
    de: "Nördliche Hockeyliga",
    es: "Liga de Hockey del Norte",
    "pt-BR": "Liga de Hóquei do Norte",
    tr: "Kuzey Hokey Ligi",
    ar: "دوري الهوكي الشمالي",
  },
  "T20 Premier Cup": {
    de: "T20-Premier-Pokal",
    es: "Copa Premier T20",
    "pt-BR": "Copa Premier T20",
    tr: "T20 Premier Kupası",
    ar: "كأس T20 الممتازة",
  },
  "CS2 Masters Series": {
    de: "CS2-Meisterserie",
    es: "Serie de Maestros CS2",
    "pt-BR": "Série de Mestres CS2",
    tr: "CS2 Ustalar Serisi",
    ar: "سلسلة أساتذة CS2",
  },
  "Dota 2 Pro Circuit": {
    de: "Dota 2 Profi-Tour",
    es: "Circuito Profesional de Dota 2",
    "pt-BR": "Circuito Profissional de Dota 2",
    tr: "Dota 2 Profesyonel Turu",
    ar: "جولة Dota 2 الاحترافية",
  },
  "LoL Champions Cup": {
    de: "LoL-Meisterpokal",
    es: "Copa de Campeones de LoL",
    "pt-BR": "Copa dos Campeões de LoL",
    tr: "LoL Şampiyonlar Kupası",
    ar: "كأس أبطال LoL",
  },
};

/** A name of the simulator's catalogue in the other languages; undefined for proper names. */
export function simulatedNames(english: string): Translations | undefined {
  return NAMES[english];
}

/** "<league> - Winner", worded as the market descriptions word "Winner"; a league named in its own language keeps its name. */
export function outrightNames(league: string): Translations {
  const out: Translations = {};
  for (const [locale, texts] of Object.entries(LANGUAGE_TEXTS))
    out[locale] = `${NAMES[league]?.[locale] ?? league} - ${texts.templates.Winner ?? "Winner"}`;
  return out;
}
