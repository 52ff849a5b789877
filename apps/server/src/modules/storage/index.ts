export { createStorageModule } from './module';
export type { ObjectStorage } from './object-storage';
export { type CleanPicture, cleanPictureOf } from './pictures';
export { pictureUpload } from './uploads';
