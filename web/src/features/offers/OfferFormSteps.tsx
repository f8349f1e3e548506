import type { ReactNode } from "react";
import { LIMITS, MONTHLY_PUBLICATIONS, OFFER_CATEGORIES, OFFER_TYPES, POST_TYPES, planLabel, slugify, type OfferInput, type PlanName } from "@clube-coroa/schema";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { CharCounter, ChoiceCard, FieldMessage, Fieldset, Label, Stack, Switch, TextArea } from "../../components/FormControls";
import { Spinner } from "../../components/Spinner";
import { OfferCard, type BoardOffer } from "./OfferCard";
import type { PreviewAuthor } from "./offerFormTypes";
import { Chip, Chips, Chosen, Row, UpgradeNote } from "./OfferFormDialog.styles";
import { OFFER_TEXTS } from "./offerTexts";
import type { OfferFormState } from "./useOfferForm";

const T = OFFER_TEXTS.form;
const { offerTitle, offerDescription, offerCategories } = LIMITS;

function Sparkle() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2l2.2 6.3L20.5 10.5l-6.3 2.2L12 19l-2.2-6.3L3.5 10.5l6.3-2.2Z M19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9Z" fill="currentColor" />
    </svg>
  );
}


/** The ids the dialog's heading and the step's fields share. */
export type OfferFormIds = Record<"heading" | "error" | "title" | "titleCount" | "description" | "descriptionCount" | "search" | "upgrade", string>;

/** The body of the offer form's current step: kind of post, title, description, kind, categories, urgency and preview. */
export function OfferFormStep({
  form,
  ids,
  initial,
  author,
  plan,
}: {
  form: OfferFormState;
  ids: OfferFormIds;
  initial?: Partial<OfferInput>;
  author?: PreviewAuthor;
  plan?: PlanName | null;
}): ReactNode {
  const { step, values, error, improving, query, setQuery, lockOf, set, improve, toggleCategory, seePlans } = form;
  const invalid = error ? { "aria-invalid": true as const, "aria-describedby": ids.error } : {};
  const errorLine = error && (
    <FieldMessage id={ids.error} role="alert" $error>
      {error}
    </FieldMessage>
  );

  const preview: BoardOffer = {
    id: 0,
    postType: values.postType ?? "oferta",
    type: values.type ?? "collab",
    title: values.title.trim(),
    description: values.description.trim(),
    categories: values.categories,
    likes: 0,
    isLiked: false,
    isUrgent: values.isUrgent,
    createdAt: new Date().toISOString(),
    ...author,
  };

  const filtered = OFFER_CATEGORIES.filter((c) => slugify(c).includes(slugify(query)));

  switch (step) {
    case 1:
      return (
        <Fieldset aria-labelledby={ids.heading} {...invalid}>
          {POST_TYPES.map((postType) => (
            <ChoiceCard
              key={postType}
              name="postType"
              value={postType}
              checked={values.postType === postType}
              onChange={() => set("postType", postType)}
              title={OFFER_TEXTS.postType[postType]}
              text={OFFER_TEXTS.postTypeHint[postType]}
            />
          ))}
          {errorLine}
        </Fieldset>
      );
    case 2:
      return (
        <Stack>
          <Label htmlFor={ids.title}>{T.titleLabel}</Label>
          <TextInput
            id={ids.title}
            value={values.title}
            placeholder={T.titlePlaceholder}
            onChange={(e) => set("title", e.target.value)}
            $invalid={!!error}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? ids.error : null, ids.titleCount].filter(Boolean).join(" ")}
            autoComplete="off"
            enterKeyHint="next"
          />
          <CharCounter id={ids.titleCount} length={values.title.length} max={offerTitle.max} warnAbove={offerTitle.warnAbove} />
          {errorLine}
        </Stack>
      );
    case 3:
      return (
        <Stack>
          <Label htmlFor={ids.description}>{T.descriptionLabel}</Label>
          <TextArea
            id={ids.description}
            value={values.description}
            placeholder={T.descriptionPlaceholder}
            onChange={(e) => set("description", e.target.value)}
            $invalid={!!error}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? ids.error : null, ids.descriptionCount].filter(Boolean).join(" ")}
            rows={7}
            readOnly={improving}
          />
          <Row>
            <Button $variant="gold" $size="sm" onClick={improve} disabled={improving} aria-busy={improving}>
              {improving ? <Spinner $size={16} /> : <Sparkle />}
              {improving ? T.improving : T.improve}
            </Button>
            <CharCounter
              id={ids.descriptionCount}
              length={values.description.length}
              max={offerDescription.max}
              warnAbove={offerDescription.warnAbove}
            />
          </Row>
          {errorLine}
        </Stack>
      );
    case 4: {
      const lockedKinds = OFFER_TYPES.filter((type) => lockOf(type));
      const refusal = lockedKinds[0] ? lockOf(lockedKinds[0]) : null;
      return (
        <Stack $gap="sm">
          <Fieldset aria-labelledby={ids.heading} {...invalid}>
            {OFFER_TYPES.map((type) => {
              const locked = lockOf(type);
              const limit = plan ? MONTHLY_PUBLICATIONS[plan][type] : null;
              const status = !plan
                ? undefined
                : locked
                  ? T.kindLocked(planLabel(plan))
                  : limit !== null && type !== initial?.type
                    ? T.kindLimited(limit, planLabel(plan))
                    : undefined;
              return (
                <ChoiceCard
                  key={type}
                  name="type"
                  value={type}
                  checked={values.type === type}
                  disabled={!!locked}
                  onChange={() => set("type", type)}
                  title={OFFER_TEXTS.kind[type]}
                  text={OFFER_TEXTS.kindHint[type]}
                  status={status}
                  aria-describedby={locked ? ids.upgrade : undefined}
                />
              );
            })}
            {errorLine}
          </Fieldset>
          {refusal && (
            <UpgradeNote id={ids.upgrade}>
              <p>
                <strong>{refusal.message}</strong> {refusal.upgradeMessage}
              </p>
              <p>{T.draftKeptNote}</p>
              <Button $variant="gold" $size="sm" onClick={seePlans}>
                {T.seePlans}
              </Button>
            </UpgradeNote>
          )}
        </Stack>
      );
    }
    case 5:
      return (
        <Stack $gap="sm">
          <Label htmlFor={ids.search}>{T.categorySearch}</Label>
          <TextInput
            id={ids.search}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            autoComplete="off"
          />
          <Chosen aria-live="polite">{T.categoriesChosen(values.categories.length, offerCategories.max)}</Chosen>
          <Chips role="group" aria-labelledby={ids.heading} {...invalid}>
            {filtered.map((category) => (
              <Chip key={category} type="button" aria-pressed={values.categories.includes(category)} onClick={() => toggleCategory(category)}>
                {category}
              </Chip>
            ))}
            {filtered.length === 0 && <p>{T.categoriesNone}</p>}
          </Chips>
          {errorLine}
        </Stack>
      );
    default:
      return (
        <Stack $gap="md">
          <Switch checked={values.isUrgent} onChange={(v) => set("isUrgent", v)} label={T.urgent} hint={T.urgentHint} />
          <section aria-label={T.preview}>
            <Label as="p" style={{ marginBottom: 8 }}>
              {T.preview}
            </Label>
            {/* A picture of her card: nothing in it can be focused or pressed. */}
            <div inert data-testid="offer-preview">
              <OfferCard offer={preview} isOwner={false} onLike={() => undefined} onContact={() => undefined} preview />
            </div>
          </section>
          {errorLine}
        </Stack>
      );
  }
}
