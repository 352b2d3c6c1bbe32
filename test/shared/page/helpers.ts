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

/** Loads the theme's stylesheet (styles/theme.css) for the suite it is called in. */
export function useThemeStylesheet(): void {
  const link = document.createElement('link');
  before(async () => {
    link.rel = 'stylesheet';
    link.href = new URL('../../../styles/theme.css', import.meta.url).href;
    const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
    document.head.append(link);
    await loaded;
  });
  after(() => link.remove());
}

/**
 * Collects what each test of the suite it is called in writes with console.warn and console.error
 * (emptied before each test, the console given back after it); returns the live list.
 */
export function captureConsole(): unknown[][] {
  const messages: unknown[][] = [];
  const { warn, error } = console;
  beforeEach(() => {
    messages.length = 0;
    console.warn = (...args: unknown[]) => messages.push(args);
    console.error = (...args: unknown[]) => messages.push(args);
  });
  afterEach(() => {
    console.warn = warn;
    console.error = error;
  });
  return messages;
}
