// Each game's display, by the game's name: one line per game. A game with no module here gets
// the plain display (generic.js), drawn from its view's fields and its legal moves.
import { doppelkopf } from "./doppelkopf.js";
import { doubleduck } from "./doubleduck.js";
import { duck } from "./duck.js";
import { ducksoup } from "./ducksoup.js";
import { generic } from "./generic.js";

/** @typedef {import("./generic.js").GameDisplay} GameDisplay */

/** @type {Record<string, GameDisplay>} */
const DISPLAYS = {
  doubleduck,
  ducksoup,
  duck,
  doppelkopf,
};

/**
 * The display of `game` (its name in the view: "duck"); the plain one for a game not here.
 * @param {string} game
 * @returns {GameDisplay}
 */
export function displayOf(game) {
  return Object.hasOwn(DISPLAYS, game) ? DISPLAYS[game] : generic(game);
}
