import { Logo } from '../../components/Logo.js'
import { useT } from '../../lib/i18n/index.js'

/**
 * The 404 and 500 pages: what happened, in words, and the way home.
 *
 * @example
 * ```tsx
 * <ErrorScreen kind={pageContext.is404 ? 'not-found' : 'error'} />
 * ```
 */
export function ErrorScreen({ kind }: { kind: 'not-found' | 'error' }) {
  const t = useT()
  return (
    <section className="error-screen">
      <Logo size={48} />
      {kind === 'not-found' ? (
        <>
          <h1>{t('errors.notFoundTitle')}</h1>
          <p>{t('errors.notFoundBody')}</p>
        </>
      ) : (
        <>
          <h1>{t('errors.errorTitle')}</h1>
          <p>{t('errors.errorBody')}</p>
        </>
      )}
      <a href="/" className="button button-primary">
        {t('errors.backHome')}
      </a>
    </section>
  )
}
