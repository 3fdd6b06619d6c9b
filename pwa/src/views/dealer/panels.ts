// Every panel the dealer opens now and then, in one chunk loaded after the first screen (lazyPanels.ts).
export { MultiBust } from "./MultiBust";
export { ChipCount } from "./ChipCount";
export { DealerPotsNow } from "./DealerPots";
export { DealerPenaltyDialog } from "./DealerPenaltyDialog";
export { RefusedBustEdit } from "./RefusedBustEdit";
export { TimeCountdown } from "./TimeCountdown";
