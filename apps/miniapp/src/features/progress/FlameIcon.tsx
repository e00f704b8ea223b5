/**
 * The streak's flame, drawn in SVG so it looks the same on every device
 * (an emoji depends on the webview's fonts). Decorative: the streak is in words beside it.
 *
 * @example
 * ```tsx
 * <FlameIcon size={36} />
 * ```
 */
export function FlameIcon({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12.6 1.8c.5 3.1-1.2 4.7-2.6 6.3-1.3 1.5-2.6 3-2.6 5.6 0 .5.1 1 .2 1.4-.9-.6-1.5-1.6-1.7-2.7C4.7 14 4 15.9 4 17.7 4 20.1 7.6 22.2 12 22.2s8-2.1 8-5.7c0-3.7-2.2-6.3-3.8-8.2.1 1.4-.3 2.7-1.1 3.6.1-4-1-7.6-2.5-10.1z"
      />
      <path
        fill="#ffd27a"
        d="M12.3 12.3c.3 1.7-.7 2.6-1.4 3.5-.6.7-1 1.4-1 2.4 0 1.5 1 2.6 2.3 2.6s2.4-1 2.4-2.7c0-2.2-1.2-4.3-2.3-5.8z"
      />
    </svg>
  )
}
