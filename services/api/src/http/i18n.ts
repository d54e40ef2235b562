import type { ErrorName } from "@sportsbook/contracts";
import { errorCatalogue } from "@sportsbook/contracts";

/**
 * Error messages in the languages the API speaks; missing ones fall back to English (the catalogue's
 * own message).
 */
const messages: Record<string, Partial<Record<ErrorName, string>>> = {
  de: {
    placeBetsDefault: "Die Wette konnte nicht platziert werden.",
    invalidOdds: "Die Quoten haben sich geändert.",
    insufficientFunds: "Ihr Guthaben reicht für diesen Einsatz nicht aus.",
    selectionNotAvailable: "Eine Auswahl ist nicht mehr verfügbar.",
    selectionSuspended: "Eine Auswahl ist ausgesetzt.",
    invalidOddsCustomBet: "Die Quoten des Wett-Baukastens haben sich geändert.",
    validationFailed: "Die Anfrage ist ungültig.",
    unauthorized: "Bitte melden Sie sich an.",
    sessionExpired: "Ihre Sitzung ist abgelaufen.",
    notFound: "Nicht gefunden.",
  },
  es: {
    placeBetsDefault: "No se pudo realizar la apuesta.",
    invalidOdds: "Las cuotas han cambiado.",
    insufficientFunds: "Tu saldo no alcanza para esta apuesta.",
    selectionNotAvailable: "Una selección ya no está disponible.",
    selectionSuspended: "Una selección está suspendida.",
    invalidOddsCustomBet: "Las cuotas de la apuesta personalizada han cambiado.",
    validationFailed: "La solicitud no es válida.",
    unauthorized: "Inicia sesión para continuar.",
    sessionExpired: "Tu sesión ha caducado.",
    notFound: "No encontrado.",
  },
};

/** The message of a catalogue error in `locale`, falling back to its base language, then English. */
export function localizedErrorMessage(name: ErrorName, locale: string): string {
  const base = locale.split("-")[0] ?? locale;
  return messages[locale]?.[name] ?? messages[base]?.[name] ?? errorCatalogue[name].message;
}

/** The first language of an `Accept-Language` header (`de-DE,de;q=0.9` → `de-DE`), default `en`. */
export function requestLocale(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(",")[0]?.split(";")[0]?.trim();
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(first) ? first : "en";
}

/** A catalogue row's name in `locale`: its translation, the base language's, else the default name. */
export function translate(name: string, translations: Record<string, string> | null, locale: string): string {
  if (!translations) return name;
  const base = locale.split("-")[0] ?? locale;
  return translations[locale] ?? translations[base] ?? name;
}
