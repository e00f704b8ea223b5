/** The sign-in screen. */
export const authEn = {
  'auth.tagline': 'Collect drops around you, as a verified human.',
  'auth.signingIn': 'Signing in',
  'auth.connecting': 'Connecting to World App',
  'auth.retry': 'Retry',
  'auth.login': 'Login',
  'auth.failure.cancelled': 'You cancelled the sign-in.',
  'auth.failure.wallet_refused': "World App couldn't complete the sign-in. Try again.",
  'auth.failure.no_wallet_response': "World App didn't answer the sign-in request. Try again.",
  'auth.failure.unreachable': "We couldn't reach WorldMap. Check your connection and try again.",
  'auth.failure.not_confirmed': "WorldMap couldn't confirm your sign-in. Try again.",
  'auth.failure.too_many_sign_ins': 'Too many new sign-ins from your network right now. Try again in a little while.',
  'auth.failure.clock_wrong':
    "Your phone's date and time are wrong, so you can't sign in. In your phone's settings, set Date & Time to automatic, then try again.",
  'auth.failure.unexpected': 'Something went wrong while signing in. Try again.',
} as const
