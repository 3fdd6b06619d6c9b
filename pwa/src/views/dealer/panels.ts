// Every panel the dealer opens now and then, in one chunk loaded after the first screen (lazyPanels.ts).
export { MultiBust } from "./busts/MultiBust";
export { ChipCount } from "./chips/ChipCount";
export { DealerPotsNow } from "./chips/DealerPots";
export { DealerPenaltyDialog } from "./penalties/DealerPenaltyDialog";
export { RefusedBustEdit } from "./busts/RefusedBustEdit";
export { TimeCountdown } from "./clock/TimeCountdown";
