import { OFFER_TYPES } from "@clube-coroa/schema";
import { earlyTap } from "../../lib/earlyTaps";
import { ALL } from "./boardModel";
import { BOARD_TEXTS as T } from "./boardTexts";
import { OFFER_TEXTS } from "./offerTexts";
import { Tab, TabRows, Tabs } from "./OfferBoard.styles";

/** The kind tabs (kept as early taps before the board is live) and, for a member, 'Minhas Publicações'. */
export function BoardTabs({
  type,
  signedIn,
  mineOpen,
  onType,
  onToggleMine,
}: {
  type: string;
  signedIn: boolean;
  mineOpen: boolean;
  onType: (type: string) => void;
  onToggleMine: () => void;
}) {
  return (
    <TabRows>
      <Tabs role="group" aria-label={T.filters.tabs}>
        {[ALL, ...OFFER_TYPES].map((kind) => (
          <Tab key={kind} type="button" {...earlyTap(`tab:${kind}`)} aria-pressed={!mineOpen && type === kind} onClick={() => onType(kind)}>
            {kind === ALL ? T.filters.tabAll : OFFER_TEXTS.kind[kind as keyof typeof OFFER_TEXTS.kind]}
          </Tab>
        ))}
      </Tabs>
      {signedIn && (
        <Tabs role="group" aria-label={T.mine.group}>
          <Tab type="button" aria-pressed={mineOpen} onClick={onToggleMine}>
            {T.mine.tab}
          </Tab>
        </Tabs>
      )}
    </TabRows>
  );
}
