import { useSafeAreaInsets } from '@worldmap/minikit-react'
import type { CSSProperties, ReactNode } from 'react'
import { PageSkeleton } from '../../components/PageSkeleton.js'
import { LoginScreen } from '../auth/LoginScreen.js'
import { useAuth } from '../auth/useAuth.js'
import { useNotificationSyncAtStart } from '../permissions/useNotificationSyncAtStart.js'
import { getDisplayAvatar } from '../profile/getDisplayName.js'
import { BottomBar } from './BottomBar.js'
import { getBarLayout } from './getBarLayout.js'
import { OfflineBanner } from './OfflineBanner.js'
import { TopBar } from './TopBar.js'

/** Props of {@link AppShell}. */
export interface AppShellProps {
  children?: ReactNode
  /** The current route's pathname (Vike's `urlPathname`). */
  pathname: string
  /** Error pages (404/500) show without sign-in: there is nothing private on them. */
  isPublic?: boolean
}

/**
 * The app frame: host safe-area insets as padding, the login view until
 * authenticated, then the bars of spec §2 around the page, with the offline
 * banner under the top bar while the connection is down. The skeleton is
 * always in the DOM and shown by CSS while `<body>` has
 * `page-is-transitioning`, so it appears on the very first frame of a page
 * change, before any React work.
 *
 * @example
 * ```tsx
 * <AppShell pathname={pageContext.urlPathname}>{children}</AppShell>
 * ```
 */
export function AppShell({ children, pathname, isPublic = false }: AppShellProps) {
  const insets = useSafeAreaInsets()
  const { isAuthenticated, user } = useAuth()
  // Once signed in, World App's notification permission reaches the server without opening the profile.
  useNotificationSyncAtStart(!isPublic && isAuthenticated && user ? user.uid : null)
  const style = {
    // Absolutely positioned bars read the bottom inset from here.
    '--safe-bottom': `${insets.bottom}px`,
    paddingTop: insets.top,
    paddingRight: insets.right,
    paddingBottom: insets.bottom,
    paddingLeft: insets.left,
  } as CSSProperties
  if (isPublic) {
    return (
      <div className="app" style={style}>
        <main className="app-main">{children}</main>
      </div>
    )
  }
  if (!isAuthenticated || !user) {
    return (
      <div className="app" style={style}>
        <LoginScreen />
      </div>
    )
  }
  const bars = getBarLayout(pathname)
  return (
    <div className="app" style={style} data-bottom-bar={bars.bottomBar}>
      {bars.topBar ? <TopBar pictureUrl={getDisplayAvatar(user)} /> : null}
      <OfflineBanner />
      <main className="app-main">
        <div className="page-content">{children}</div>
        <PageSkeleton className="page-skeleton" />
      </main>
      <BottomBar variant={bars.bottomBar} />
    </div>
  )
}
