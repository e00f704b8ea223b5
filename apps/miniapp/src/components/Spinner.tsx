import { useT } from '../lib/i18n/index.js'

/** An indeterminate spinner with an accessible label ("Loading" in the page's language by default). */
export function Spinner({ label }: { label?: string }) {
  const t = useT()
  return <span className="spinner" role="status" aria-label={label ?? t('common.loading')} />
}
