import { useId } from "react";
import { OFFER_TYPES } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { Select } from "../../components/Field";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { earlyTap } from "../../lib/earlyTaps";
import { ALL, CATEGORY_CHOICES, STATE_OPTIONS, hasFilters, type BoardFilters as Filters } from "./boardModel";
import { BOARD_TEXTS as T } from "./boardTexts";
import { OFFER_TEXTS } from "./offerTexts";
import { ClearRow, Count, FilterToggle, Filters as Panel, ToggleText } from "./OfferBoard.styles";

/** The <option>s of a filter's choices. */
const optionsOf = (choices: readonly { value: string; label: string }[]) =>
  choices.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));

/**
 * 'Filtrar' (kept as an early tap before the board is live) and the filters it opens: state, kind,
 * category. The selects stay disabled until the page the server drew is React's.
 */
export function BoardFilters({
  filters,
  hydrated,
  open,
  onToggle,
  onFilter,
  onClear,
}: {
  filters: Filters;
  hydrated: boolean;
  /** Kept by the board: the panel stays as she left it while 'Minhas Publicações' is shown. */
  open: boolean;
  onToggle: () => void;
  onFilter: (key: keyof Filters, value: string) => void;
  onClear: () => void;
}) {
  const panelId = useId();
  const activeFilters = [filters.state, filters.type, filters.category].filter((v) => v !== ALL).length;
  return (
    <>
      <FilterToggle type="button" {...earlyTap("filters")} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        <ToggleText>
          {T.filters.toggle}
          <VisuallyHidden>{T.filters.toggleMore}</VisuallyHidden>
          {activeFilters > 0 && <Count aria-label={T.filters.active(activeFilters)}>{activeFilters}</Count>}
        </ToggleText>
      </FilterToggle>

      <Panel id={panelId} role="search" aria-label={T.filters.label} data-open={open}>
        <Select label={T.filters.state} disabled={!hydrated} value={filters.state} onChange={(e) => onFilter("state", e.target.value)}>
          {optionsOf(STATE_OPTIONS)}
        </Select>
        <Select label={T.filters.type} disabled={!hydrated} value={filters.type} onChange={(e) => onFilter("type", e.target.value)}>
          <option value={ALL}>{T.filters.allTypes}</option>
          {OFFER_TYPES.map((type) => (
            <option key={type} value={type}>
              {OFFER_TEXTS.kind[type]}
            </option>
          ))}
        </Select>
        <Select label={T.filters.category} disabled={!hydrated} value={filters.category} onChange={(e) => onFilter("category", e.target.value)}>
          <option value={CATEGORY_CHOICES.all.value}>{CATEGORY_CHOICES.all.label}</option>
          <optgroup label={T.filters.areas}>{optionsOf(CATEGORY_CHOICES.areas)}</optgroup>
          <optgroup label={T.filters.categories}>{optionsOf(CATEGORY_CHOICES.categories)}</optgroup>
        </Select>
        {hasFilters(filters) && (
          <ClearRow>
            <Button $variant="ghost" $size="sm" onClick={onClear}>
              {T.filters.clear}
            </Button>
          </ClearRow>
        )}
      </Panel>
    </>
  );
}
