// A timed game's clocks: each seat's time left, counted down between answers to the deadline
// the server set (in the server's time: `skew` is its clock minus this browser's).

/** @param {number} ms a seat's time left: "1:05" */
export const clockText = (ms) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * Each seat's clock on the page, counted down to its deadline by the server's time.
 * @param {HTMLElement} main
 * @param {number} skew ms: the server's clock minus this browser's
 */
export function tickClocks(main, skew) {
  for (const span of main.querySelectorAll(".seat .clock")) {
    const deadline = Number(span instanceof HTMLElement ? span.dataset.deadline : "");
    if (deadline) span.textContent = ` · ${clockText(deadline - (Date.now() + skew))} left`;
  }
}

/**
 * Tick the clocks every second until `signal` aborts.
 * @param {() => void} tick
 * @param {AbortSignal} signal
 */
export function everySecond(tick, signal) {
  const ticker = setInterval(tick, 1000);
  signal.addEventListener("abort", () => clearInterval(ticker));
}
