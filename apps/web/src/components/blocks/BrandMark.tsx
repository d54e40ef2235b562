/**
 * The default logo, inline rather than an image: an SVG in an <img> cannot inherit the page's
 * colour, so its name was black on the dark header.
 */
export function BrandMark({ name }: { name: string }) {
  return (
    <svg
      className="brand-mark"
      width="150"
      height="32"
      viewBox="0 0 150 32"
      role="img"
      aria-label={name}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#1fb25a" />
      <path
        d="M9 20c2 3 12 3 14-1s-12-4-12-8 10-4 12-1"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      {/* a logo reads left to right on a right-to-left page too */}
      <text
        direction="ltr"
        x="40"
        y="22"
        fontFamily="Arial,Helvetica,sans-serif"
        fontSize="16"
        fontWeight="700"
        fill="currentColor"
      >
        {name}
      </text>
    </svg>
  );
}
