// Public surface of the attachments feature for the rest of the extension.
export { ATTACHMENT_COMMANDS, registerAttachments } from './register';
export type { AttachmentsFeature } from './register';
export type { AttachmentServices, AttachmentTreeHooks } from './services';
export type { AttachmentsChange } from './hub';
export type { AttachmentPrompts } from './prompts';
export { ATTACHMENT_SCHEME, attachmentPath, parseAttachmentPath } from './model/location';
export type { AttachmentLocation } from './model/location';
export { sanitizeFileName, safeJoin } from './model/names';
export { attachmentDescription, descriptionText, formatBytes, formatModified } from './model/format';
export type { ConflictChoice, UploadReport } from './transfer/upload';
