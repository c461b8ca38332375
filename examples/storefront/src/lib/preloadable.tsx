import { type ComponentType, lazy, useState } from 'react';

/**
 * A component whose code is its own chunk, loaded on first render (under a Suspense boundary) or
 * ahead of it by `preload()`. Once loaded, a new instance renders at once, without suspending:
 * a form preloaded when the page was idle opens on the click that asks for it.
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module, at its top level
  function Component(props: Props) {
    // Decided once per instance: switching from Lazy to the loaded type would remount it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}
