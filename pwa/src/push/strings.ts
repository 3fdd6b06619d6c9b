// The opt-in card's own words, in the lazy chunk with it: a role's first screen carries none of them.
export const PUSH_STRINGS = {
  en: {
    title: "Notifications",
    player: "Tell me when I have to move",
    player_waiting: "Tell me when I move up",
    player_before: "Notify me during the tournament",
    dealer: "Tell me when my table closes or must wait",
    director: "Tell me what needs the floor (pay-outs, refused commands)",
    on: "On: this phone is told even with the screen off.",
    off_button: "Turn off",
    ios: "On iPhone and iPad: tap Share, then “Add to Home Screen”, and open pokerfloor from there to get notifications.",
    blocked: "Notifications are blocked for this site. Allow them in the browser's site settings.",
    unsupported: "This browser cannot get notifications here (it needs HTTPS). Keep this page open instead.",
    failed: "Could not turn notifications on: {reason}",
  },
  de: {
    title: "Benachrichtigungen",
    player: "Sag mir, wenn ich umziehen muss",
    player_waiting: "Sag mir, wenn ich nachrücke",
    player_before: "Benachrichtige mich im Turnier",
    dealer: "Sag mir, wenn mein Tisch schließt oder warten muss",
    director: "Sag mir, was die Turnierleitung braucht (Auszahlungen, abgelehnte Befehle)",
    on: "An: dieses Handy erfährt es auch bei dunklem Bildschirm.",
    off_button: "Ausschalten",
    ios: "Auf iPhone und iPad: Teilen antippen, dann „Zum Home-Bildschirm“, und pokerfloor von dort öffnen, um Benachrichtigungen zu bekommen.",
    blocked: "Benachrichtigungen sind für diese Seite blockiert. Erlaube sie in den Website-Einstellungen des Browsers.",
    unsupported: "Dieser Browser kann hier keine Benachrichtigungen bekommen (dafür braucht es HTTPS). Lass diese Seite stattdessen offen.",
    failed: "Benachrichtigungen ließen sich nicht einschalten: {reason}",
  },
} as const;

export type PushWord = keyof (typeof PUSH_STRINGS)["en"];
