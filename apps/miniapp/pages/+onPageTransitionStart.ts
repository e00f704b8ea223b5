import type { PageContextClient } from 'vike/types'

// Spec §1: the transition marker class is on <body> from the start to the end of every page change.
export function onPageTransitionStart(_pageContext: Partial<PageContextClient>) {
  document.body.classList.add('page-is-transitioning')
}
