// The director's announcements (backend/engine/announcements.py) as every screen words them: a
// template in the screen's language from the words table (cmdscreen.announce.t_<template>, backend/words.py),
// its {minutes} counting down to `until` (never above the minutes announced: a
// screen's `now` may be some seconds old); free text as typed. Shared by the TV's band, the players'
// banner and the director's card: kept tiny (the player's bundle is at its budget).
import { t, type MessageKey } from "../i18n";
import type { PublicView } from "../api/views";

export type Announcement = PublicView["announcements"][number];

/** Those still running by server time (the view is cached by seq: one may have run out since). */
export const running = (pub: { announcements?: Announcement[] } | null | undefined, now: number): Announcement[] => (pub?.announcements ?? []).filter((a) => a.until > now);

export const announceText = (a: Announcement, now: number): string =>
  a.template ? t(`cmdscreen.announce.t_${a.template}` as MessageKey, { minutes: Math.max(1, Math.min(a.params.minutes, Math.ceil((a.until - now) / 60_000))) }) : (a.text ?? "");
