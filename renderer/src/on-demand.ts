import { createElement, lazy, type ComponentType } from 'react';

/**
 * A component loaded on demand: through React.lazy on its first use (inside a Suspense boundary),
 * and rendered at once (no fallback) once its module is here, as after `fetch`.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | undefined;
  let fetching: Promise<ComponentType<P>> | undefined;
  const fetch = () => (fetching ??= load().then((component) => (ready = component)));
  const Lazy = lazy(() => fetch().then((component) => ({ default: component })));
  return { fetch, Component: (props: P) => createElement(ready ?? Lazy, props) };
}
