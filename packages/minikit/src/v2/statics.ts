// The official 2.x statics (`MiniKit.pay`, …) as the 2.x functions, one per
// command. commandFaces.ts hands them out as shells that load this module on
// the first call, so a page that signs in with the 2.x API does not bundle
// the other commands' 2.x adapters with MiniKit.
import { attestation as attestationV2 } from './attestation.js'
import { chat as chatV2 } from './chat.js'
import { closeMiniApp as closeMiniAppV2 } from './closeMiniApp.js'
import { getPermissions as getPermissionsV2 } from './getPermissions.js'
import { pay as payV2 } from './pay.js'
import { requestPermission as requestPermissionV2 } from './requestPermission.js'
import { sendHapticFeedback as sendHapticFeedbackV2 } from './sendHapticFeedback.js'
import { sendTransaction as sendTransactionV2 } from './sendTransaction.js'
import { share as shareV2 } from './share.js'
import { shareContacts as shareContactsV2 } from './shareContacts.js'
import { signMessage as signMessageV2 } from './signMessage.js'
import { signTypedData as signTypedDataV2 } from './signTypedData.js'
import { walletAuth as walletAuthV2 } from './walletAuth.js'

/** The 2.x functions behind `MiniKit.<command>(input)`. */
export const statics = {
  pay: payV2,
  shareContacts: shareContactsV2,
  chat: chatV2,
  share: shareV2,
  getPermissions: getPermissionsV2,
  requestPermission: requestPermissionV2,
  sendHapticFeedback: sendHapticFeedbackV2,
  attestation: attestationV2,
  closeMiniApp: closeMiniAppV2,
  walletAuth: walletAuthV2,
  signMessage: signMessageV2,
  signTypedData: signTypedDataV2,
  sendTransaction: sendTransactionV2,
}
