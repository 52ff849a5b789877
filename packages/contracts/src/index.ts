export * from './api';
export * from './auth';
export * from './constants';
export * from './developer';
export * from './errors';
export * from './messages';
export * from './profile';
export * from './services';
