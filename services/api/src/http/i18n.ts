import type { ErrorName } from "@sportsbook/contracts";
import { errorCatalogue } from "@sportsbook/contracts";

/**
 * Error messages in the languages the API speaks; missing ones fall back to English (the catalogue's
 * own message). Every language listed here covers the whole catalogue (a test holds it to that).
 */
export const errorMessages: Record<string, Partial<Record<ErrorName, string>>> = {
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
    notCombinable: "Diese Auswahlen können nicht in einer Wette kombiniert werden.",
    invalidStake: "Der Einsatz muss über null und innerhalb der Grenzen liegen.",
    maxPayoutExceeded: "Der mögliche Gewinn liegt über dem Höchstbetrag.",
    tooManySelections: "Die Wette hat zu viele Auswahlen.",
    invalidSystem: "Dieser Systemtyp passt nicht zu den Auswahlen.",
    currencyMismatch: "Für die Währung des Einsatzes gibt es kein Konto.",
    potentialWinTooLow: "Der mögliche Gewinn muss über dem Einsatz liegen.",
    bonusNotApplicable: "Dieser Bonus kann für diese Wette nicht verwendet werden.",
    municipalityNotFound: "Gemeinde nicht gefunden.",
    cashoutUnavailable: "Für diese Wette ist kein Cashout möglich.",
    cashoutValueChanged: "Der Cashout-Wert hat sich geändert.",
    csrfRejected: "Die Anfrage wurde abgelehnt; laden Sie die Seite neu und versuchen Sie es erneut.",
    forbidden: "Das dürfen Sie nicht tun.",
    idempotencyKeyReused: "Dieser Anfrageschlüssel wurde bereits für eine andere Anfrage verwendet.",
    playerBlocked: "Dieses Konto ist gesperrt.",
    methodNotAllowed: "Diese Methode ist hier nicht erlaubt.",
    payloadTooLarge: "Der Inhalt der Anfrage ist zu groß.",
    invalidCredentials:
      "Falsche E-Mail-Adresse oder falsches Passwort. Nach wiederholten Fehlversuchen wird das Konto gesperrt und Sie erhalten eine E-Mail mit Anweisungen zum Entsperren.",
    emailNotConfirmed:
      "Bestätigen Sie zuerst Ihre E-Mail-Adresse; wir können Ihnen die Anweisungen erneut senden.",
    alreadySignedIn: "Sie sind bereits angemeldet.",
    tooManyAttempts: "Zu viele Versuche. Bitte warten Sie eine Weile und versuchen Sie es erneut.",
    countryBlocked: "Leider sind wir in Ihrem Land derzeit nicht verfügbar.",
    tokenInvalid: "Dieser Link ist ungültig, bereits verwendet oder abgelaufen.",
    phoneCodeInvalid: "Der Code ist falsch oder abgelaufen.",
    selfExcluded: "Ihr Konto ist für den von Ihnen gewählten Zeitraum vom Spiel ausgeschlossen.",
    outOfLimit: "Sie haben Ihr Limit erreicht.",
    limitExceeded: "Damit würden Sie eines Ihrer Limits überschreiten.",
    limitChangeRefused: "Dieses Limit kann jetzt nicht geändert werden.",
    realityCheckNotSet: "Es gibt keinen Realitätscheck, der fortgesetzt werden könnte.",
    paymentsUnavailable: "Zahlungen sind gerade nicht möglich.",
    paymentSignatureInvalid: "Die Zahlungsmeldung ist nicht vom Anbieter signiert.",
    paymentMismatch: "Die Zahlungsmeldung passt nicht zur Zahlung.",
    paymentStateConflict: "Die Zahlung kann ihren Status nicht mehr ändern.",
    bonusNotAvailable: "Dieser Bonus kann jetzt nicht aktiviert werden.",
    freebetAlreadyActive: "Eine andere Gratiswette ist aktiv: Nutzen Sie zuerst diese.",
    promoCodeInvalid: "Dieser Aktionscode ist nicht gültig.",
    promoCodeUsed: "Sie haben diesen Aktionscode bereits verwendet.",
    boostNotAvailable: "Diese Gratiswette kann jetzt nicht erhöht werden.",
    withdrawalExceedsBalance: "Ihr Guthaben reicht für diese Auszahlung nicht aus.",
    underMinimumAge: "Sie sind jünger als das Mindestalter für ein Konto.",
    conflictDecided: "Über diesen Abrechnungskonflikt wurde bereits entschieden.",
    playerClosed: "Dieses Konto ist endgültig geschlossen und kann nicht wieder geöffnet werden.",
    adjustmentNeedsSecondStaff: "Ein anderes Teammitglied muss diese Korrektur freigeben.",
    adjustmentDecided: "Über diese Korrektur wurde bereits entschieden.",
    limitNotStricter:
      "Mitarbeiter können ein Limit nur verschärfen; ein lockereres Limit beantragt der Spieler selbst.",
    adjustmentExceedsBalance: "Die Korrektur würde das Guthaben unter null bringen.",
    promoCodeTaken: "Ein anderer Bonus hat diesen Aktionscode bereits.",
    promotionExists: "Eine Aktion mit diesem Schlüssel gibt es bereits.",
    staffInvalidCredentials:
      "Falsche E-Mail-Adresse, falsches Passwort oder falscher Code. Nach wiederholten Fehlversuchen bleibt das Konto gesperrt, bis ein Admin es entsperrt.",
    staffExists: "Ein Mitarbeiter mit dieser E-Mail-Adresse existiert bereits.",
    lastAdmin: "Der letzte aktive Admin kann weder deaktiviert werden noch eine andere Rolle erhalten.",
    alreadySuspended: "Dies ist bereits von Hand ausgesetzt.",
    internal: "Etwas ist schiefgelaufen. Bitte versuchen Sie es später noch einmal.",
    contentNotDraft:
      "Nur ein Entwurf kann veröffentlicht werden; zu einer veröffentlichten Version kehren Sie mit Zurücksetzen zurück.",
    contentNeverPublished:
      "Diese Version wurde nie veröffentlicht; veröffentlichen Sie den Entwurf, statt auf ihn zurückzusetzen.",
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
    notCombinable: "Estas selecciones no se pueden combinar en una apuesta.",
    invalidStake: "El importe debe ser mayor que cero y estar dentro de los límites.",
    maxPayoutExceeded: "La ganancia potencial supera el máximo.",
    tooManySelections: "La apuesta tiene demasiadas selecciones.",
    invalidSystem: "Este tipo de sistema no corresponde a las selecciones.",
    currencyMismatch: "No hay cuenta en la moneda del importe.",
    potentialWinTooLow: "La ganancia potencial debe ser mayor que el importe.",
    bonusNotApplicable: "Este bono no se puede usar en esta apuesta.",
    municipalityNotFound: "Municipio no encontrado.",
    cashoutUnavailable: "El cashout no está disponible para esta apuesta.",
    cashoutValueChanged: "El valor de cashout ha cambiado.",
    csrfRejected: "La solicitud fue rechazada; recarga la página e inténtalo de nuevo.",
    forbidden: "No tienes permiso para hacer esto.",
    idempotencyKeyReused: "Esta clave de solicitud ya se usó para otra solicitud.",
    playerBlocked: "Esta cuenta está bloqueada.",
    methodNotAllowed: "Este método no está permitido aquí.",
    payloadTooLarge: "El cuerpo de la solicitud es demasiado grande.",
    invalidCredentials:
      "Correo electrónico o contraseña incorrectos. Tras varios intentos fallidos, la cuenta se bloquea y te enviamos por correo las instrucciones para desbloquearla.",
    emailNotConfirmed:
      "Primero confirma tu dirección de correo electrónico; podemos enviarte las instrucciones de nuevo.",
    alreadySignedIn: "Ya has iniciado sesión.",
    tooManyAttempts: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
    countryBlocked: "Lo sentimos, por ahora no estamos disponibles en tu país.",
    tokenInvalid: "Este enlace no es válido, ya se usó o ha caducado.",
    phoneCodeInvalid: "El código es incorrecto o ha caducado.",
    selfExcluded: "Tu cuenta está excluida del juego durante el periodo que elegiste.",
    outOfLimit: "Has alcanzado tu límite.",
    limitExceeded: "Esto superaría uno de tus límites.",
    limitChangeRefused: "Este límite no se puede cambiar ahora.",
    realityCheckNotSet: "No hay ningún control de realidad que continuar.",
    paymentsUnavailable: "Los pagos no están disponibles en este momento.",
    paymentSignatureInvalid: "El aviso de pago no está firmado por el proveedor.",
    paymentMismatch: "El aviso de pago no coincide con el pago.",
    paymentStateConflict: "El pago ya no puede cambiar de estado.",
    bonusNotAvailable: "Este bono no se puede activar ahora.",
    freebetAlreadyActive: "Hay otra apuesta gratis activa: úsala primero.",
    promoCodeInvalid: "Este código promocional no es válido.",
    promoCodeUsed: "Ya has usado este código promocional.",
    boostNotAvailable: "Esta apuesta gratis no se puede aumentar ahora.",
    withdrawalExceedsBalance: "Tu saldo no alcanza para este retiro.",
    underMinimumAge: "No tienes la edad mínima para abrir una cuenta.",
    conflictDecided: "Este conflicto de liquidación ya se ha resuelto.",
    playerClosed: "Esta cuenta está cerrada definitivamente y no se puede reabrir.",
    adjustmentNeedsSecondStaff: "Otro miembro del equipo debe aprobar este ajuste.",
    adjustmentDecided: "Este ajuste ya se ha resuelto.",
    limitNotStricter:
      "El personal solo puede hacer un límite más estricto; uno más amplio lo solicita el propio jugador.",
    adjustmentExceedsBalance: "El ajuste dejaría el saldo por debajo de cero.",
    promoCodeTaken: "Otro bono ya tiene este código promocional.",
    promotionExists: "Ya existe una promoción con esta clave.",
    staffInvalidCredentials:
      "Correo, contraseña o código incorrectos. Tras varios fallos la cuenta queda bloqueada hasta que un administrador la desbloquee.",
    staffExists: "Ya existe un miembro del personal con este correo electrónico.",
    lastAdmin: "El último administrador activo no puede desactivarse ni cambiar de rol.",
    alreadySuspended: "Esto ya está suspendido a mano.",
    internal: "Algo salió mal. Vuelve a intentarlo más tarde.",
    contentNotDraft: "Solo se puede publicar un borrador; para volver a una versión publicada, restáurela.",
    contentNeverPublished: "Esta versión nunca se publicó; publique el borrador en lugar de restaurarlo.",
  },
};

/** The message of a catalogue error in `locale`, falling back to its base language, then English. */
export function localizedErrorMessage(name: ErrorName, locale: string): string {
  const base = locale.split("-")[0] ?? locale;
  return errorMessages[locale]?.[name] ?? errorMessages[base]?.[name] ?? errorCatalogue[name].message;
}

/** The first language of an `Accept-Language` header (`de-DE,de;q=0.9` → `de-DE`), default `en`. */
export function requestLocale(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(",")[0]?.split(";")[0]?.trim();
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(first) ? first : "en";
}

/** The keys a translation is looked up by, in order: the locale, then its base language ("pt"). */
export function translationKeys(locale: string): [string, string] {
  return [locale, locale.split("-")[0] ?? locale];
}

/** A catalogue row's name in `locale`: its translation, the base language's, else the default name. */
export function translate(name: string, translations: Record<string, string> | null, locale: string): string {
  if (!translations) return name;
  const [own, base] = translationKeys(locale);
  return translations[own] ?? translations[base] ?? name;
}
