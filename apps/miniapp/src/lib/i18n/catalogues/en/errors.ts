/** The 404 and 500 pages. */
export const errorsEn = {
  'errors.notFoundTitle': 'Page not found',
  'errors.notFoundBody': 'There is nothing at this address. The map is still where you left it.',
  'errors.errorTitle': 'Something went wrong',
  'errors.errorBody': 'WorldMap hit an unexpected error. Try again in a moment.',
  'errors.backHome': 'Back to WorldMap',
} as const
