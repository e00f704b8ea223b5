import { setGlobalOptions } from 'firebase-functions/v2/options'
import { declaredSecrets } from './declaredSecrets.js'
import { dropSeed, nonceSecret, notificationsApiKey, publicIdKey } from './functionSecrets.js'

// Imported by main.ts before index.ts: the global options must be set before
// the first function is defined, and ES modules evaluate imports in order.
setGlobalOptions({ secrets: declaredSecrets([nonceSecret, dropSeed, publicIdKey, notificationsApiKey]) })
