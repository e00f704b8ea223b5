import { Avatar } from '../../components/Avatar.js'
import { Logo } from '../../components/Logo.js'
import { useT } from '../../lib/i18n/index.js'
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
  const t = useT()
  return (
    <header className="top-bar">
      <a href="/" className="top-bar-logo" aria-label={t('layout.home')}>
        <Logo />
      </a>
      <a href="/profile" className="round-link" aria-label={t('layout.profile')}>
        <Avatar pictureUrl={pictureUrl} />
      </a>
    </header>
  )
}
