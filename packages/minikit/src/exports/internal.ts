// @worldmap/minikit/internal: the SDK's moving parts, for framework bindings,
// host simulators and tests — the live state object, the raw host transport,
// the host's reply entry point, the payload builders and the resets. Kept off
// the root entry so apps reach for the commands, `watchState` and the getters
// instead; these names are not part of the stable public API.
// Every export is side-effect free.
export { buildPayPayload } from '../commands/pay.js'
export { buildRequestPermissionPayload } from '../commands/requestPermission.js'
export { buildSendHapticFeedbackPayload } from '../commands/sendHapticFeedback.js'
export { buildSendTransactionPayload } from '../commands/sendTransaction.js'
export { buildShareContactsPayload } from '../commands/shareContacts.js'
export { buildSignMessagePayload } from '../commands/signMessage.js'
export { buildSignTypedDataPayload } from '../commands/signTypedData.js'
export { buildVerifyPayload } from '../commands/verify.js'
export { buildWalletAuthPayload } from '../commands/walletAuth.js'
export { resetEvents, trigger } from '../events/dispatcher.js'
export { checkCommands } from '../install.js'
export { resetMicrophone } from '../microphone/setupMicrophone.js'
export { resetState, state as miniKitState } from '../state.js'
export { type HostMessage, postToHost } from '../transport/postToHost.js'
export { readWorldAppUserIntoState } from '../v2/worldAppUser.js'
