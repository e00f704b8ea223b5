import { Avatar } from '../../components/Avatar.js'
import { Logo } from '../../components/Logo.js'
import './layout.css'

/**
 * The signed-in top bar: the logo and a round avatar linking to /profile.
 *
 * @example
 * ```tsx
 * <TopBar pictureUrl={user.profilePictureUrl} />
 * ```
 */
export function TopBar({ pictureUrl }: { pictureUrl: string | null }) {
  return (
    <header className="top-bar">
      <a href="/" className="top-bar-logo" aria-label="Home">
        <Logo />
      </a>
      <a href="/profile" className="round-link" aria-label="Profile">
        <Avatar pictureUrl={pictureUrl} />
      </a>
    </header>
  )
}
