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
export type Penalty = Schemas["Penalty"];
export type Headhunter = Schemas["Headhunter"];
export type SitOut = Schemas["SitOut"];
export type Halt = Schemas["Halt"];
export type Redraw = Schemas["Redraw"];
export type HandForHand = Schemas["HandForHand"];
export type ChipCount = Schemas["ChipCount"];
export type Moments = Schemas["Moments"];
export type RemovedStack = Schemas["RemovedStack"];

export type AnyCommand = Schemas["AnyCommand"];
/** A command's `type`, and the payload the server validates for it (schemas.py PAYLOADS). */
export type CommandType = AnyCommand["type"];
export type PayloadOf<T extends CommandType> = NonNullable<Extract<AnyCommand, { type: T }>["payload"]>;
export type CommandApplied = Schemas["CommandApplied"];
export type CommandRejected = Schemas["CommandRejected"];
export type ApiError = Schemas["Error"];
