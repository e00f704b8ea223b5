import { defineSecret } from 'firebase-functions/params'

// The values that must never sit in a file: kept in Secret Manager
// (`firebase functions:secrets:set WORLDMAP_NONCE_SECRET`), handed to each
// instance as environment variables of the same names, so the configuration
// readers read them like any other variable. See docs/deploy.md.

/** HMAC key of the sign-in nonces, shared by `onRequestCustomToken` and the app server's `/api/sign-nonce`. */
export const nonceSecret = defineSecret('WORLDMAP_NONCE_SECRET')

/** Seed of the drop spawner: whoever knows it knows where every future drop appears. */
export const dropSeed = defineSecret('WORLDMAP_DROP_SEED')

/** HMAC key of the public ids (wallet → public card id): whoever knows it can tell which wallet owns a card. */
export const publicIdKey = defineSecret('WORLDMAP_PUBLIC_ID_KEY')

/** The World Developer Portal API key the streak-at-risk nudges are sent with (send-notification). */
export const notificationsApiKey = defineSecret('WORLDMAP_NOTIFICATIONS_API_KEY')
