import { usePageContext } from 'vike-react/usePageContext'
import { ErrorScreen } from '../../src/features/errors/ErrorScreen.js'

// Vike renders this page for unknown URLs (HTTP 404) and for render errors (HTTP 500).
export default function Page() {
  const { is404 } = usePageContext()
  return <ErrorScreen kind={is404 ? 'not-found' : 'error'} />
}
