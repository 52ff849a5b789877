import type { ServicesTables } from '../modules/services/tables';

/** The whole database, composed from each module's own table types. */
export interface Database extends ServicesTables {}
