import { useMiniKit } from '@worldmap/minikit-react'
import { Logo } from '../../components/Logo.js'
import { Spinner } from '../../components/Spinner.js'
import { useAuth } from './useAuth.js'

/**
 * The full-screen view before login (spec §2): the logo and Login. A spinner
 * replaces the button while authentication is pending, and whenever the
 * toolkit is not installed (the warning goes to the console, not the screen).
 *
 * @example
 * ```tsx
 * {isAuthenticated ? <App /> : <LoginScreen />}
 * ```
 */
export function LoginScreen() {
  const { isInstalled } = useMiniKit()
  const { isPending, login } = useAuth()
  return (
    <section className="login-screen">
      <Logo size={72} />
      <p className="login-tagline">Collect drops around you, as a verified human.</p>
      <div className="login-action">
        {isPending || !isInstalled ? (
          <Spinner label={isPending ? 'Signing in' : 'Connecting to World App'} />
        ) : (
          <button type="button" className="button button-primary" onClick={() => void login()}>
            Login
          </button>
        )}
      </div>
    </section>
  )
}
