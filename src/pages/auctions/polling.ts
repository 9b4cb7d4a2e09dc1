/** How often the page asks for news while a pricing spreadsheet is being worked on (a module of its own so tests can shorten it). */
export const PRICING_POLL_MS = 2_000;
