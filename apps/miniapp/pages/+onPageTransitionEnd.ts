import type { PageContextClient } from 'vike/types'

export function onPageTransitionEnd(_pageContext: PageContextClient) {
  document.body.classList.remove('page-is-transitioning')
}
