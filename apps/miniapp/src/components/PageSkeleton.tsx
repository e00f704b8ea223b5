import { useT } from '../lib/i18n/index.js'

/**
 * The placeholder shown while a page loads: grey blocks with a shimmer
 * (spec §2). Purely presentational; `aria-busy` tells assistive tech why.
 *
 * @example
 * ```tsx
 * <PageSkeleton />
 * ```
 */
export function PageSkeleton({ className = '' }: { className?: string }) {
  const t = useT()
  return (
    <div
      className={`skeleton ${className}`.trim()}
      role="status"
      aria-busy="true"
      aria-label={t('common.loadingPage')}
      data-testid="page-skeleton"
    >
      <div className="skeleton-block skeleton-title" />
      <div className="skeleton-block skeleton-card" />
      <div className="skeleton-block skeleton-line" />
      <div className="skeleton-block skeleton-line skeleton-line-short" />
    </div>
  )
}
