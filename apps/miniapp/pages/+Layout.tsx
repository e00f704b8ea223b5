import '../src/styles/app.css'
import { MiniKitProvider } from '@worldmap/minikit-react'
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { AuthProvider } from '../src/features/auth/AuthProvider.js'
import { AppShell } from '../src/features/layout/AppShell.js'
import { getInstallOptions } from '../src/lib/config/getInstallOptions.js'
import { ConnectivityContext } from '../src/lib/connectivity/ConnectivityContext.js'
import { getConnectivityStore } from '../src/lib/connectivity/getConnectivityStore.js'
import { I18nProvider } from '../src/lib/i18n/I18nProvider.js'
import { i18nOf } from '../src/lib/i18n/pageContextI18n.js'

// One provider tree for every page; vike-react keeps it mounted across
// client-side navigations, so the auth state survives page changes.
export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const { locale, messages } = i18nOf(pageContext)
  return (
    // The page's language first: every screen, the sign-in included, reads its words from it.
    <I18nProvider locale={locale} messages={messages}>
      <MiniKitProvider installOptions={getInstallOptions()}>
        <AuthProvider>
          {/* The device's network and the database connection, for the offline banner and every screen. */}
          <ConnectivityContext.Provider value={getConnectivityStore()}>
            <AppShell pathname={pageContext.urlPathname} isPublic={typeof pageContext.is404 === 'boolean'}>
              {children}
            </AppShell>
          </ConnectivityContext.Provider>
        </AuthProvider>
      </MiniKitProvider>
    </I18nProvider>
  )
}
