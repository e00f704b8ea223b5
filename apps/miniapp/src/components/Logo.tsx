/** The WorldMap wordmark: a globe-pin mark and the name. The mark's colours follow the text's scheme (app.css). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="logo" role="img" aria-label="WorldMap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <circle className="logo-disc" cx="16" cy="16" r="15" fill="#111" />
        <path
          d="M16 7a6 6 0 0 0-6 6c0 4.5 6 11 6 11s6-6.5 6-11a6 6 0 0 0-6-6zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4z"
          className="logo-pin"
          fill="#fff"
        />
      </svg>
      <span className="logo-text" aria-hidden="true">
        WorldMap
      </span>
    </span>
  )
}
