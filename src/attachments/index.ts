// Public surface of the attachments feature for the rest of the extension (activate() and the tests).
export { registerAttachments } from './register';
export type { AttachmentsFeature } from './register';
export type { UploadReport } from './transfer/upload';
