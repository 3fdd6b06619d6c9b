// Must NOT compile: the phone's command calls are checked against the server's catalog. The test
// next to it (contract.test.ts) type-checks this file and expects an error on each line marked
// `misspelt: wrong → right`, and none at all once every marked spelling is corrected — so it
// fails if the types let a misspelling through, and also if this file breaks for another reason.
// Left out of tsconfig.json (it would break every build).
import { enqueue, type Send } from "../sync/outbox";

declare const send: Send;

// A command name the server does not know.
void enqueue({ tournament_id: 1, type: "recrod_bust", payload: { entry_id: 3 }, token: "t" }); // misspelt: recrod_bust → record_bust

// A required payload field, through a screen's `send`.
send("move_player", { entry_id: 3, to_table: 2, to_seet: 5 }); // misspelt: to_seet → to_seat

// An optional payload field (nothing is missing, the extra field alone is the error).
void enqueue({ tournament_id: 1, type: "record_busts", payload: { table_no: 2, busts: [{ entry_id: 3, starting_stack: 1000 }], eliminated_bye: 4 }, token: "t" }); // misspelt: eliminated_bye → eliminated_by

// Spelt right: compiles either way.
send("break_table", { table_no: 2 });
