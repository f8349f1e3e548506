/**
 * The hero's drawing (issue 15): three women side by side, the middle one crowned, in a ring of
 * gold — the club's idea of partners raising each other. Drawn here as SVG (no image to fetch, no
 * script to run: the server's first paint has it), decorative: the heading says what it means.
 */
export function HeroArt({ size = 320 }: { size?: number }) {
  const gold = "#d9a93f";
  const goldLight = "#f2d58a";
  const rose = "#c97b9b";
  const plum = "#8a3a6b";
  const cream = "#faf6f1";
  return (
    <svg width={size} height={size} viewBox="0 0 320 320" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-art-glow" cx="50%" cy="45%" r="55%">
          <stop offset="0" stopColor={goldLight} stopOpacity="0.45" />
          <stop offset="1" stopColor={goldLight} stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-art-ring" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={goldLight} />
          <stop offset="1" stopColor={gold} />
        </linearGradient>
      </defs>
      <circle cx="160" cy="160" r="158" fill="url(#hero-art-glow)" />
      <circle cx="160" cy="168" r="118" fill="none" stroke="url(#hero-art-ring)" strokeWidth="3" strokeDasharray="2 9" strokeLinecap="round" />
      {/* The two partners beside her: hair, face, shoulders. */}
      <g>
        <path d="M62 262c0-38 20-62 44-62s44 24 44 62Z" fill={rose} />
        <circle cx="106" cy="172" r="26" fill={cream} />
        <path d="M78 176c-4-30 12-44 28-44 20 0 32 14 28 40-6-14-18-22-30-22-12 0-20 10-26 26Z" fill={plum} />
      </g>
      <g>
        <path d="M170 262c0-38 20-62 44-62s44 24 44 62Z" fill={rose} />
        <circle cx="214" cy="172" r="26" fill={cream} />
        <path d="M188 170c-2-24 10-38 26-38 18 0 30 12 30 30 0 16-6 28-10 34 0-18-4-30-20-32-12-1-22 2-26 6Z" fill={plum} />
      </g>
      {/* Her, in front, crowned. */}
      <g>
        <path d="M108 280c0-46 24-74 52-74s52 28 52 74Z" fill={plum} />
        <path d="M140 214h40l-20 24Z" fill={cream} opacity="0.9" />
        <circle cx="160" cy="170" r="30" fill={cream} />
        <path d="M128 176c-6-34 12-52 32-52s38 18 32 52c-4-18-16-28-32-28s-28 10-32 28Z" fill="#4b1739" />
        <path d="M133 124 138 98l12 12 10-20 10 20 12-12 5 26Z" fill={gold} stroke={goldLight} strokeWidth="2" strokeLinejoin="round" />
        <circle cx="160" cy="88" r="4" fill={goldLight} />
      </g>
      {/* Sparkles. */}
      <g fill={goldLight}>
        <path d="M58 92l4 10 10 4-10 4-4 10-4-10-10-4 10-4Z" />
        <path d="M262 70l3 7 7 3-7 3-3 7-3-7-7-3 7-3Z" />
        <path d="M270 214l2.5 6 6 2.5-6 2.5-2.5 6-2.5-6-6-2.5 6-2.5Z" opacity="0.8" />
      </g>
    </svg>
  );
}
