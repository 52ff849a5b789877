export { MAX_IMAGE_BYTES } from './image';
export { createStorageModule } from './module';
export type { ObjectStorage } from './object-storage';
export { type CleanPicture, cleanPictureOf } from './pictures';
export { readUploadedFile } from './uploads';
