// oidc-provider's own in-memory adapter and LRU (internal paths without published types).
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  const MemoryAdapter: new (
    model: string,
    store?: object,
    clockTolerance?: number,
  ) => import('oidc-provider').Adapter;
  export default MemoryAdapter;
}
declare module 'oidc-provider/lib/helpers/lru.js' {
  export default class LRU {
    constructor(options: { maxSize: number });
  }
}
