import type { OfferTypeName } from "@clube-coroa/schema";

/**
 * The mark of each kind of partnership (issue 15: one icon each, drawn for the club): Collab, two
 * rings linked (made together); Permuta, two arrows crossing (one service for another); Apoio, a
 * heart in an open hand (help given). Decorative: the kind's name is always written beside it.
 */
export function KindIcon({ kind, size = 20 }: { kind: OfferTypeName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" data-kind={kind}>
      {kind === "collab" ? (
        <>
          <circle cx="9" cy="12" r="5.5" />
          <circle cx="15" cy="12" r="5.5" />
        </>
      ) : kind === "permuta" ? (
        <>
          <path d="M4 8h13" />
          <path d="m14 4.5 3.5 3.5-3.5 3.5" />
          <path d="M20 16H7" />
          <path d="m10 12.5-3.5 3.5 3.5 3.5" />
        </>
      ) : (
        <>
          <path d="M12 9.6c-1.5-2-4.8-1.6-4.8 1.1 0 2 2.7 3.7 4.8 5.1 2.1-1.4 4.8-3.1 4.8-5.1 0-2.7-3.3-3.1-4.8-1.1Z" />
          <path d="M2.5 14.5c1.8 4 5.3 6 9.5 6s7.7-2 9.5-6" />
        </>
      )}
    </svg>
  );
}
