/** Purely decorative (spec 2): hidden from assistive technology and from pointer events. */
export function DecorativeGraphic() {
  return (
    <svg
      data-testid="decorative-graphic"
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute right-0 bottom-0 h-64 w-64 opacity-60 sm:h-96 sm:w-96"
      viewBox="0 0 200 200"
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="170" cy="170" r="110" fill="#0f3d5e" />
      <circle cx="170" cy="170" r="75" fill="none" stroke="#c9a227" strokeWidth="3" />
      <circle cx="170" cy="170" r="45" fill="#0d9488" opacity="0.7" />
      <path d="M40 200 Q 110 120 200 110" fill="none" stroke="#e6f0f7" strokeWidth="2" opacity="0.5" />
    </svg>
  );
}
