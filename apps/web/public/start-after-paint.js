/**
 * The app's start on a page that came with a page shell (the home page, a category page): its scripts are asked
 * for only once the page has loaded (its stylesheet and first pictures) and its first paint is on screen,
 * so that they neither compete with that first screen for the network nor hold its paint up
 * (docs/decisions/0016-storefront-weight.md). The build names them on this script's tag (apps/web/vite.config.ts):
 * the entry and the modules it imports, fetched together as index.html would have fetched them.
 */
/* global document, window, requestAnimationFrame */
const tag = document.querySelector('script[data-app-entry]');

function startApp() {
  for (const href of (tag.dataset.appPreload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = tag.dataset.appEntry;
  document.head.append(script);
}

/** Longest wait for the first paint once the page has loaded (a tab in the background does not paint). */
const PAINT_WAIT_MS = 500;

/**
 * Runs `task` once the first paint has been presented (its paint timing entry is out, which comes after the frame
 * is shown), or PAINT_WAIT_MS after the load should it not come; without paint timing, after the next frame.
 */
function afterFirstPaint(task) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    once();
  }, PAINT_WAIT_MS);
}

const afterLoad = () => afterFirstPaint(startApp);
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });
