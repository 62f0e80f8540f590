// The player's moves: the hand (its cards as buttons, with the keyboard focus kept on one card),
// and the buttons for what is not a card (concede, announce, duck, deal, a card's calls, and
// whatever controls the game's display adds: Duck's draws).
//
// The hand is a toolbar (WAI-ARIA Authoring Practices): one Tab stop, whose card the arrow keys,
// Home and End move (a roving tabindex), Enter or Space plays (Duck: picks). Its cards stay
// focusable when they cannot be played (aria-disabled, not disabled: a disabled button drops
// the focus), so a keyboard player's focus stays in the hand while the others play.
import { cardName, faceParts, sortHand } from "./cards.js";
import { h } from "./dom.js";

/** @typedef {import("./table.js").Table} Table */
/** @typedef {import("./games/generic.js").MoveBuilt} MoveBuilt */

/**
 * The hand in the game's order.
 * @param {Table} table
 */
export function sortedHand(table) {
  const { view } = table.body;
  return sortHand(view.hand ?? [], table.display.sortKey(view));
}

/**
 * The moves that are not a card: concede, announce, duck, deal; and a card's calls.
 * @param {Table} table
 */
export function actions(table) {
  const { view, status } = table.body;
  const display = table.display;
  const buttons = [];
  const mine = table.seat === null ? null : table.body.seats[table.seat];
  if (mine?.clock && !table.ended()) {
    const away = mine.away === true;
    buttons.push(h(`button.presence${away ? ".primary" : ".ghost"}`, { type: "button", disabled: table.busy,
      onclick: () => table.presence(away ? "return" : "away") }, away ? "Take my seat back" : "Step away (a bot plays for me)"));
  }
  if (status === "deal_pending" && table.seat !== null) {
    buttons.push(h("button.primary", { type: "button", disabled: table.busy, onclick: () => table.deal() }, "Deal the next deal"));
  }
  // A move sent from here takes its button away: the focus goes back to the hand first, so
  // the table's redraw keeps it there (not on the page's top).
  /** @param {MoveBuilt} move */
  const send = (move) => {
    focusedCard(table)?.focus();
    table.send(move);
  };
  if (table.myTurn()) {
    for (const move of view.legal_moves ?? []) {
      if ("card" in move || "cards" in move) continue;
      buttons.push(h("button.action", { type: "button", disabled: table.busy, onclick: () => send(move) },
        display.actionLabel(move, view)));
    }
    if (table.choices) {
      for (const move of table.choices) {
        buttons.push(h(`button.call${"call" in move && move.call ? ".with-call" : ""}`, { type: "button", disabled: table.busy,
          onclick: () => send(move) }, display.callLabel(move, view)));
      }
      buttons.push(h("button.ghost", { type: "button", onclick: () => { table.choices = null; focusedCard(table)?.focus(); table.render(); } }, "Cancel"));
    }
    buttons.push(...display.moveControls({
      view, who: table.who, busy: table.busy, hand: sortedHand(table), picked: table.picked,
      send,
      clear: () => { table.picked = []; focusedCard(table)?.focus(); table.render(); },
    }));
  }
  if (!buttons.length) return null;
  return h("div.actions", { role: "group", "aria-label": "Your moves" }, buttons);
}

/** @param {Table} table */
export function hand(table) {
  const { view } = table.body;
  const cardsInHand = sortedHand(table);
  const legal = new Set((view.legal_moves ?? []).flatMap((m) => ("cards" in m ? m.cards : "card" in m ? [m.card] : [])));
  const yourTurn = table.myTurn() && !table.busy;
  table.focus = Math.max(0, Math.min(table.focus, cardsInHand.length - 1)); // the hand shrank
  const picks = table.display.picksCards;
  const cards = cardsInHand.map((card, index) => {
    const picked = table.picked.indexOf(index);
    const isLegal = yourTurn && legal.has(card);
    const label = `${cardName(card)}${isLegal ? ", playable" : ""}${picked >= 0 ? `, picked ${picked + 1}` : ""}`;
    return h(`button.card${isLegal ? ".legal" : ""}${picked >= 0 ? ".picked" : ""}`,
      { type: "button", "aria-label": label, tabindex: index === table.focus ? 0 : -1,
        "aria-disabled": yourTurn ? null : "true", "aria-pressed": picks ? String(picked >= 0) : null,
        dataset: { index, card }, onclick: () => activate(table, index),
        onfocus: () => { table.focus = index; } },
      faceParts(card),
      picked >= 0 ? h("span.order", { "aria-hidden": "true" }, String(picked + 1)) : null);
  });
  const hint = table.display.handHint;
  return h("section.hand-area", { "aria-label": "Your hand" },
    h("h2.visually-hidden", {}, "Your hand"),
    h("div.hand", { role: "toolbar", "aria-label": `Your hand, ${cardsInHand.length} cards`, "aria-describedby": "hand-keys",
      onkeydown: (/** @type {KeyboardEvent} */ e) => key(table, e, cardsInHand.length) }, cards),
    h("p#hand-keys.keys", {}, `${hint}.`));
}

/**
 * The hand's card button that has the keyboard focus.
 * @param {Table} table
 */
export function focusedCard(table) {
  return /** @type {HTMLButtonElement | null} */ (table.main.querySelector(`.hand button[data-index="${table.focus}"]`));
}

/**
 * @param {Table} table
 * @param {KeyboardEvent} event
 * @param {number} size the hand's size
 */
function key(table, event, size) {
  /** @type {Record<string, number>} */
  const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (event.key in moves) {
    table.focus = (table.focus + moves[event.key] + size) % size;
  } else if (event.key === "Home") {
    table.focus = 0;
  } else if (event.key === "End") {
    table.focus = size - 1;
  } else if (event.key === "Escape") {
    table.picked = [];
    table.choices = null;
    table.render();
    focusedCard(table)?.focus();
    return;
  } else {
    return;
  }
  event.preventDefault();
  table.main.querySelectorAll(".hand button").forEach((b) => {
    if (b instanceof HTMLElement) b.tabIndex = Number(b.dataset.index) === table.focus ? 0 : -1;
  });
  focusedCard(table)?.focus();
}

/**
 * A card was clicked (or Enter): play it, offer its calls, or (a game that picks cards: Duck)
 * pick it.
 * @param {Table} table
 * @param {number} index in the sorted hand
 */
function activate(table, index) {
  const { view } = table.body;
  table.focus = index;
  if (!table.myTurn() || table.busy) return; // aria-disabled: not this seat's turn, or a move on its way
  if (table.display.picksCards) {
    const at = table.picked.indexOf(index);
    if (at >= 0) table.picked.splice(at, 1);
    else table.picked.push(index);
    table.render();
    return;
  }
  const card = sortedHand(table)[index];
  const moves = (view.legal_moves ?? []).flatMap((m) => ("card" in m && m.card === card ? [m] : []));
  if (moves.length > 1) {
    table.choices = moves;
    table.render();
    /** @type {HTMLButtonElement | null} */ (table.main.querySelector(".actions button.call"))?.focus();
    return;
  }
  // A card the rules do not allow goes to the server all the same: its refusal says why.
  table.send(moves[0] ?? { type: "play", card });
}
