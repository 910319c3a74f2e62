export { FileUpload, UPLOAD_FAILED_HINT, type UploadedFile, type UploadedMetadata } from './FileUpload';
export { configuredUploadBackend } from './backends';
export type { UploadBackend } from './uploadBackend';
export { uploadFailureReason } from './uploadFailure';
