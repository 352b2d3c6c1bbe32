/** A container with the given markup in the document, removed by the returned function. */
export function mount(markup: string): { root: HTMLElement; remove: () => void } {
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.append(root);
  return { root, remove: () => root.remove() };
}

/** Whether an element is rendered. */
export function visible(el: Element | null): boolean {
  return el instanceof HTMLElement && el.isConnected && getComputedStyle(el).display !== 'none' && !el.hidden;
}
