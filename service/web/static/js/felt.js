// The felt: each seat in its place around the table (its name, clock, cards in hand, tags and
// what its game shows of it), and in the centre what the game's display puts there.
import { cardBacks } from "./cards.js";
import { clockText } from "./clock.js";
import { h } from "./dom.js";
import { count } from "./games.js";

/** @typedef {import("./table.js").Table} Table */
/** @typedef {import("./api.js").View} View */

/** @type {Record<number, string[]>} where each seat sits, from the viewer's seat on (at the bottom) */
const PLACES = { 2: ["b", "t"], 3: ["b", "tl", "tr"], 4: ["b", "l", "t", "r"], 5: ["b", "l", "tl", "tr", "r"] };

/**
 * Tags any game's seat has: it deals, or it leads the next trick.
 * @param {View} view
 * @param {number} seat
 */
function seatTags(view, seat) {
  const tags = [];
  if (view.dealer === seat) tags.push("dealer");
  if ("leader" in view && view.leader === seat && view.trick.length === 0) tags.push("leads");
  return tags;
}

/** @param {Table} table */
export function felt(table) {
  const { view } = table.body;
  const display = table.display;
  const n = view.hand_sizes.length;
  const me = table.seat ?? 0;
  const seats = [];
  for (let seat = 0; seat < n; seat++) {
    const place = PLACES[n][(seat - me + n) % n];
    const acting = view.to_act.includes(seat) && table.body.status === "playing";
    const info = table.body.seats[seat];
    const tags = [info.kind === "bot" ? `bot: ${info.bot}${info.level ? ` (${info.level})` : ""}` : info.open ? "open seat" : info.invited ? "invited" : "human",
      ...seatTags(view, seat), ...display.seatTags(view, seat)];
    if (info.away) tags.push(`away: ${info.stand_in ?? "a bot"} plays`);
    const clock = info.clock?.remaining_ms ?? null;
    seats.push(h(`div.seat.place-${place}${acting ? ".acting" : ""}${seat === table.seat ? ".me" : ""}`,
      { "aria-label": `${table.who(seat)}${acting ? ", to play" : ""}` },
      h("div.seat-name", {}, acting ? h("span.dot", { "aria-hidden": "true" }, "▶ ") : null, table.who(seat),
        clock !== null ? h("span.clock", { dataset: { deadline: info.clock?.deadline ?? "" }, title: "time left for this move (its reserve included)" },
          ` · ${clockText(clock)} left`) : null),
      h("div.seat-info", {},
        cardBacks(view.hand_sizes[seat], `${count(view.hand_sizes[seat], "card")} in hand`),
        display.seatExtra(view, seat),
        tags.map((t) => h("span.tag", {}, t))),
      acting ? h("span.acting-label", {}, "to play") : null));
  }
  return h(`section.felt.seats-${n}`, { "aria-label": "The table" }, seats, h("div.center", {}, display.center(view, table.who)));
}
