import { act, createElement, type FunctionComponent } from 'react';
import { createRoot } from 'react-dom/client';

/** A do-nothing listener registration, for the stand-in page below. */
const ignore = () => {};

/**
 * Renders a component that draws nothing (hooks under test, their values written out by the
 * test's own component) with React's real renderer under plain Node: a component that renders
 * null needs of the page only a container, its document and the window React asks for the
 * current event and the focused element. Effects and state updates run as in the page.
 */
export async function renderHooks(component: FunctionComponent): Promise<{ unmount(): Promise<void> }> {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const document = {
    nodeType: 9,
    nodeName: '#document',
    activeElement: null,
    addEventListener: ignore,
    removeEventListener: ignore,
  };
  const window = { document, event: undefined, HTMLIFrameElement: class {} };
  Object.assign(document, { defaultView: window });
  Object.assign(globalThis, { window });
  const container = {
    nodeType: 1,
    nodeName: 'DIV',
    tagName: 'DIV',
    ownerDocument: document,
    firstChild: null,
    textContent: '',
    addEventListener: ignore,
    removeEventListener: ignore,
    removeChild: ignore,
  };
  const root = createRoot(container as never);
  await act(async () => root.render(createElement(component)));
  return { unmount: () => act(async () => root.unmount()) };
}

/** Lets promises settle and the updates they cause render (a read answering, its effects running). */
export function settle(): Promise<void> {
  return act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
