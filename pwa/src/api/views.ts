// The views and answers the server sends, by name: aliases of the types generated from its OpenAPI
// document (types.gen.ts, `npm run api-types`). Screens import these instead of redeclaring shapes.
import type { components } from "./types.gen";

type Schemas = components["schemas"];

export type DirectorView = Schemas["DirectorView"];
export type PublicView = Schemas["PublicView"];
export type TableView = Schemas["TableView"];
export type PlayerView = Schemas["PlayerView"];
export type DisplayView = Schemas["DisplayView"];
export type SeatingPage = Schemas["SeatingPage"];

export type Entry = Schemas["Entry"];
export type Table = Schemas["Table"];
export type Seat = Schemas["Seat"];
export type SeatName = Schemas["SeatName"];
export type Bust = Schemas["Bust"];
export type Move = Schemas["Move"];
export type Level = Schemas["Level"];
export type Clock = Schemas["Clock"];
export type ClockRules = Schemas["ClockRules"];
export type Payout = Schemas["Payout"];
export type Result = Schemas["Result"];
export type PayoutDue = Schemas["PayoutDue"];
export type Correction = Schemas["Correction"];
export type ChipsInPlay = Schemas["ChipsInPlay"];
export type Penalty = Schemas["Penalty"];
export type Headhunter = Schemas["Headhunter"];
export type SitOut = Schemas["SitOut"];
export type Halt = Schemas["Halt"];
export type Redraw = Schemas["Redraw"];
export type HandForHand = Schemas["HandForHand"];
export type ChipCount = Schemas["ChipCount"];
export type Moments = Schemas["Moments"];
export type RemovedStack = Schemas["RemovedStack"];
export type Registration = Schemas["Registration"];
export type Waiting = Schemas["Waiting"];

export type Stacks = Schemas["Stacks"];
export type MyLeague = Schemas["MyLeague"];

// The other answers (backend/api/answer_schemas.py).
export type Club = Schemas["Club"];
export type Director = Schemas["Director"];
export type Me = Schemas["Me"];
export type PresetSummary = Schemas["PresetSummary"];
export type Preset = Schemas["Preset"];
export type Tournament = Schemas["Tournament"];
export type Links = Schemas["Links"];
export type Invitation = Schemas["Invitation"];
export type InvitationInfo = Schemas["InvitationInfo"];
export type ClubSummary = Schemas["ClubSummary"];
export type TournamentDirectors = Schemas["TournamentDirectors"];
export type Venue = Schemas["Venue"];
export type League = Schemas["League"];
export type PublishSettings = Schemas["PublishSettings"];
export type Standings = Schemas["Standings"];
export type AuditItem = Schemas["AuditItem"];
export type AuditPage = Schemas["AuditPage"];
export type Rejection = Schemas["Rejection"];
export type Rejections = Schemas["Rejections"];
export type CashBox = Schemas["CashBox"];

export type AnyCommand = Schemas["AnyCommand"];
/** A command's `type`, and the payload the server validates for it (schemas.py PAYLOADS). */
export type CommandType = AnyCommand["type"];
// From the per-command `payload_<type>` schemas, not from AnyCommand: there each payload is
// intersected with the envelope's open `{[key: string]: unknown}`, which would let any field through.
export type PayloadOf<T extends CommandType> = Schemas[`payload_${T}`];
/** One command, its type and payload matched: a value that can be handed to the outbox whole. */
export type CommandSpec = { [T in CommandType]: { type: T; payload: PayloadOf<T> } }[CommandType];
export type CommandApplied = Schemas["CommandApplied"];
export type CommandRejected = Schemas["CommandRejected"];
export type ApiError = Schemas["Error"];
export type PlayerHistory = Schemas["PlayerHistory"];
export type HistoryNight = Schemas["Night"];
