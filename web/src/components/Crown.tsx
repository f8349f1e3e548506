/** The club's small crown mark. Decorative unless given a title. */
export function Crown({ size = 24, title, color = "currentColor" }: { size?: number; title?: string; color?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <path d="M3 17.5 4.5 7l4.6 4.4L12 4l2.9 7.4L19.5 7 21 17.5Z" fill={color} />
      <rect x="3" y="18.8" width="18" height="2.4" rx="1" fill={color} />
    </svg>
  );
}
