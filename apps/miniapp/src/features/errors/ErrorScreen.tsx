import { Logo } from '../../components/Logo.js'

/**
 * The 404 and 500 pages: what happened, in words, and the way home.
 *
 * @example
 * ```tsx
 * <ErrorScreen kind={pageContext.is404 ? 'not-found' : 'error'} />
 * ```
 */
export function ErrorScreen({ kind }: { kind: 'not-found' | 'error' }) {
  return (
    <section className="error-screen">
      <Logo size={48} />
      {kind === 'not-found' ? (
        <>
          <h1>Page not found</h1>
          <p>There is nothing at this address. The map is still where you left it.</p>
        </>
      ) : (
        <>
          <h1>Something went wrong</h1>
          <p>WorldMap hit an unexpected error. Try again in a moment.</p>
        </>
      )}
      <a href="/" className="button button-primary">
        Back to WorldMap
      </a>
    </section>
  )
}
