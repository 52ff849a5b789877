export { cleanImage, MAX_IMAGE_BYTES } from './image';
export { createStorageModule } from './module';
export type { ObjectStorage } from './object-storage';
export { readUploadedFile } from './uploads';
