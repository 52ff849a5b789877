// oidc-provider starts every request by giving its Koa context an `oidc` getter
// (`Object.defineProperty(ctx, 'oidc', { get: () => ... })`), a new closure each time. V8 keeps an
// accessor's functions in an AccessorPair that it allocates in old space, so each request's
// closure, and through it the whole request (context, req, res, params, models), is reachable from
// old space: every young collection copies it, then promotes it, and only a full collection frees
// it. On the engine's paths one byte in four to seven allocated outlived a young collection, and
// the pauses grew with the young generation (docs/performance.md, rounds 11 and 12).
//
// This keeps the engine's getter on the context itself, under a symbol, and gives the property one
// getter shared by every request, so nothing in old space points into a request. It acts only on
// `oidc` accessors defined on contexts of a provider registered here; every other call is passed
// through as it came.

const ENGINE_GETTER = Symbol('omnia.engine-oidc-getter');

interface EngineContext {
  [ENGINE_GETTER]: () => unknown;
}

/** The one getter of every engine context's `oidc` (a function of the module, so in old space). */
export function sharedOidcGetter(this: EngineContext): unknown {
  return this[ENGINE_GETTER]();
}

const contextPrototypes = new WeakSet<object>();
let installed = false;

const isEngineOidcGetter = (target: unknown, key: PropertyKey, descriptor: PropertyDescriptor) =>
  key === 'oidc' &&
  typeof descriptor?.get === 'function' &&
  descriptor.set === undefined &&
  typeof target === 'object' &&
  target !== null &&
  contextPrototypes.has(Object.getPrototypeOf(target) as object) &&
  // A redefinition goes through as given (and fails as it would, if the first was not configurable).
  !Object.hasOwn(target, key);

/**
 * Engine contexts made from `contextPrototype` (a Koa app's `context`, of which every request's
 * context is made) get the shared getter. The first call wraps `Object.defineProperty`, once per
 * process; later ones only add the prototype.
 */
export function shareOidcGetter(contextPrototype: object): void {
  contextPrototypes.add(contextPrototype);
  if (installed) return;
  installed = true;
  const define = Object.defineProperty;
  Object.defineProperty = function defineProperty<T>(
    target: T,
    key: PropertyKey,
    descriptor: PropertyDescriptor & ThisType<unknown>,
  ): T {
    if (!isEngineOidcGetter(target, key, descriptor)) return define(target, key, descriptor);
    const defined = define(target, key, { ...descriptor, get: sharedOidcGetter });
    (target as EngineContext)[ENGINE_GETTER] = descriptor.get as () => unknown;
    return defined;
  };
}
