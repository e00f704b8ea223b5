import { useMiniKit } from '@worldmap/minikit-react'
import { Logo } from '../../components/Logo.js'
import { Spinner } from '../../components/Spinner.js'
import { useT } from '../../lib/i18n/index.js'
import { useAuth } from './useAuth.js'
import './login.css'

/**
 * The full-screen view before login (spec §2): the logo and Login. A spinner
 * replaces the button while authentication is pending, and whenever the
 * toolkit is not installed (the warning goes to the console, not the screen).
 * After a failed or refused sign-in it says why in plain words, with Retry
 * (issue 12; the exact cause is still only logged).
 *
 * @example
 * ```tsx
 * {isAuthenticated ? <App /> : <LoginScreen />}
 * ```
 */
export function LoginScreen() {
  const { isInstalled } = useMiniKit()
  const { isPending, failure, login } = useAuth()
  const waiting = isPending || !isInstalled
  const t = useT()
  return (
    <section className="login-screen">
      <Logo size={72} />
      <p className="login-tagline">{t('auth.tagline')}</p>
      {failure && !waiting ? (
        <p className="login-failure" role="alert">
          {t(`auth.failure.${failure}`)}
        </p>
      ) : null}
      <div className="login-action">
        {waiting ? (
          <Spinner label={isPending ? t('auth.signingIn') : t('auth.connecting')} />
        ) : (
          <button type="button" className="button button-primary" onClick={() => void login()}>
            {failure ? t('auth.retry') : t('auth.login')}
          </button>
        )}
      </div>
    </section>
  )
}
