/// <reference lib="dom" />
/**
 * What the list bench (bench/web-lists.ts) runs inside the page: one interaction, timed by the
 * page's own clock. `performance.now()` just before the action; a MutationObserver on the document
 * notes the first moment the list's table holds other rows than before (the rows are in the DOM,
 * before the browser paints them). The function is serialised by playwright and run in the page:
 * it may use nothing from this module's scope.
 */

/** What to do in the page. */
export type PageAction =
  /** Choose `value` in the <select> whose <label> reads `label`. */
  | { kind: 'select'; label: string; value: string }
  /** Click the link or button whose text is `text` (a click without a hover: no preload). */
  | { kind: 'click'; text: string }
  /** Change the URL's search to `search` (history.pushState, which the router follows). */
  | { kind: 'url'; search: string }
  /** Type `text` into the input whose <label> reads `label`, a key every `keyMs`. */
  | { kind: 'type'; label: string; text: string; keyMs: number };

export interface PageTiming {
  /** From the action (the last key for `type`) to the new rows in the DOM. */
  ms: number;
  /** From the URL's change (the router's navigation) to the new rows; null if it did not change. */
  afterUrlMs: number | null;
  /** The tRPC calls made meanwhile: how many, and the longest from request start to its last byte. */
  calls: number;
  callMs: number | null;
  /** From the action to the first call's start, and from the last call's last byte to the rows. */
  beforeCallMs: number | null;
  afterCallMs: number | null;
  /** The rows the table holds afterwards. */
  rows: number;
}

export interface PageTimingInput {
  /** The table's caption. */
  caption: string;
  action: PageAction;
  timeoutMs: number;
}

export function timeInPage({ caption, action, timeoutMs }: PageTimingInput): Promise<PageTiming> {
  const table = () =>
    [...document.querySelectorAll('table')].find((candidate) => candidate.caption?.textContent === caption);
  const signature = () => {
    const rows = table()?.tBodies[0]?.rows;
    return rows === undefined || rows.length === 0
      ? ''
      : [...rows].map((row) => row.textContent ?? '').join('\n');
  };
  const labelled = (label: string) => {
    const found = [...document.querySelectorAll('label')].find(
      (candidate) => candidate.textContent?.trim() === label,
    );
    const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
    if (control === null) throw new Error(`no control labelled ${label}`);
    return control;
  };
  const before = signature();
  if (before === '') return Promise.reject(new Error(`no rows in the table "${caption}" before the action`));

  let urlChangedAt: number | null = null;
  const { pushState, replaceState } = history;
  const noteUrl = () => {
    urlChangedAt ??= performance.now();
  };
  // The router patched these already; ours note the time and call its own.
  history.pushState = function (...args: Parameters<History['pushState']>) {
    noteUrl();
    return pushState.apply(this, args);
  };
  history.replaceState = function (...args: Parameters<History['replaceState']>) {
    if (args[2] !== undefined && new URL(String(args[2]), location.href).href !== location.href) noteUrl();
    return replaceState.apply(this, args);
  };

  return new Promise<PageTiming>((resolve, reject) => {
    let started = 0;
    const finish = (error: Error | undefined, at: number) => {
      observer.disconnect();
      clearTimeout(timer);
      history.pushState = pushState;
      history.replaceState = replaceState;
      if (error) return reject(error);
      // The resource entry of the last call is queued as its body ends; it is there a task later.
      setTimeout(() => {
        const calls = performance
          .getEntriesByType('resource')
          .filter(
            (entry): entry is PerformanceResourceTiming =>
              entry.name.includes('/trpc/') && entry.startTime >= started,
          );
        resolve({
          ms: at - started,
          afterUrlMs: urlChangedAt === null ? null : at - urlChangedAt,
          calls: calls.length,
          callMs:
            calls.length === 0 ? null : Math.max(...calls.map((call) => call.responseEnd - call.startTime)),
          beforeCallMs:
            calls.length === 0 ? null : Math.min(...calls.map((call) => call.startTime)) - started,
          afterCallMs: calls.length === 0 ? null : at - Math.max(...calls.map((call) => call.responseEnd)),
          rows: table()?.tBodies[0]?.rows.length ?? 0,
        });
      }, 0);
    };
    const observer = new MutationObserver(() => {
      const now = performance.now();
      const current = signature();
      if (started > 0 && current !== '' && current !== before) finish(undefined, now);
    });
    const timer = setTimeout(
      () => finish(new Error(`the rows did not change within ${timeoutMs} ms`), 0),
      timeoutMs,
    );
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });

    const act = () => {
      started = performance.now();
      if (action.kind === 'select') {
        const select = labelled(action.label) as HTMLSelectElement;
        select.value = action.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (action.kind === 'click') {
        const target = [...document.querySelectorAll<HTMLElement>('a, button')].find(
          (candidate) => candidate.textContent?.trim() === action.text,
        );
        if (target === undefined) throw new Error(`no link or button "${action.text}"`);
        target.click();
      } else if (action.kind === 'url') {
        const url = new URL(location.href);
        url.search = action.search;
        const state = history.state as Record<string, unknown> | null;
        history.pushState(
          {
            ...state,
            __TSR_index: Number(state?.__TSR_index ?? 0) + 1,
            key: Math.random().toString(36).slice(2),
          },
          '',
          url.href,
        );
      }
    };
    try {
      if (action.kind !== 'type') return act();
      // Every key but the last, then the last one timed, as a person types.
      const input = labelled(action.label) as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      const key = (index: number) => {
        setValue?.call(input, action.text.slice(0, index + 1));
        if (index === action.text.length - 1) started = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
        if (index < action.text.length - 1) setTimeout(() => key(index + 1), action.keyMs);
      };
      input.focus();
      key(0);
    } catch (error) {
      finish(error instanceof Error ? error : new Error(String(error)), 0);
    }
  });
}

/** Resolves after the next frame and a task: the page has painted what it had. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The URL's search and the main region's text, to check where an interaction ended. */
export function shownInPage(): { search: Record<string, string>; text: string } {
  return {
    search: Object.fromEntries(new URL(location.href).searchParams),
    text: document.querySelector('main')?.textContent ?? '',
  };
}
