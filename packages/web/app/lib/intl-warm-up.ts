/**
 * The first `Intl` format of a page loads the browser's locale data (ICU): 15–70 ms on a
 * 2-core server here, four times that on a slow phone, in one piece that cannot be split.
 * React-intl's locale check and the page's first numbers and dates need it before the page
 * is interactive, so it is paid once per page, somewhere on the main thread.
 *
 * This script pays it while the stylesheets are still on their way, which a page cannot be
 * painted without anyway: written in the `<head>` as an async module script (root.tsx,
 * InlineScript), it runs at once instead of waiting for them. Paid after the first paint (a task of its own
 * while the modules download), it was the longest task between the first paint and the
 * page's interactivity on a phone, and a tap in that time waited for it.
 *
 * The number format comes first (react-intl's plurals and counters use it), then the date
 * format: once the data is loaded, each further format costs about a millisecond.
 */
export const WARM_UP_INTL = `(function () {
  var lang = document.documentElement.lang || undefined;
  try {
    new Intl.NumberFormat(lang).format(1);
    new Intl.DateTimeFormat(lang).format(0);
  } catch (e) {}
})();`;
