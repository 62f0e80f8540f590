// Start a table: a game from the catalog, seats (you, friends or bots), options with limits.
import { answer, api, apiAs, appKey, explain } from "./api.js";
import { h, mount } from "./dom.js";
import { REFUSALS, gameTitle, plainWords } from "./words.js";

/** @typedef {import("./api.js").CatalogGame} CatalogGame */
/** @typedef {import("./api.js").Bot} Bot */
/** @typedef {import("./main.js").PageContext} PageContext */
/** @typedef {import("./api.js").Body<import("./api.js").Operation<"/games", "post">>} NewGame */
/**
 * A game's option in the catalog. The spec leaves these objects open (`{[key: string]:
 * unknown}`), so this is the shape engine/protocol.py (`Option.to_json`) and
 * service/api/catalog.py (`auto_deal`, whose default null means "on when at most one seat is
 * human"; and the turn clock's options of service/clocks.py, `on_timeout` a bot's name) write;
 * `optionFields` is the one place that reads it.
 * @typedef {{name: string, doc?: string, scope: "game" | "service", minimum?: number, maximum?: number} & (
 *   {type: "bool", default: boolean | null} | {type: "int", default: number} | {type: "list", default: number[]} | {type: "string", default: string}
 * )} CatalogOption
 */
/** @typedef {boolean | number | number[] | string} OptionValue */

/**
 * Inputs for a game's options (defaults and limits from the catalog); read() gives values.
 * `skip`: options left out (their defaults apply); `seats`: the seats chosen (a seat option
 * such as `first_dealer` goes up to the last of them); `humans`: how many seats are human now,
 * for `auto_deal`, whose default depends on it: seatsChanged() ticks or clears the box as the
 * server would decide, until the player sets it by hand.
 * @param {CatalogGame} game
 * `bots`: the bots to offer for `on_timeout` (without them, its default applies).
 * @param {{skip?: string[], seats?: number, humans?: () => number, bots?: Bot[]}} [how]
 */
export function optionFields(game, { skip = [], seats, humans, bots } = {}) {
  /** @type {(() => [string, OptionValue])[]} */
  const readers = [];
  /** @type {(() => void)[]} */
  const followers = [];
  const options = /** @type {CatalogOption[]} */ (game.options);
  const fields = options
    .filter((option) => !skip.includes(option.name))
    .map((option) => {
      const id = `opt-${option.name}`;
      const label = LABELS[option.name] ?? option.name.replaceAll("_", " ");
      const help = HELP[option.name] ?? plainWords(option.doc ?? "");
      if (option.type === "bool") {
        // A null default is decided by the seats: auto_deal is on when at most one is human.
        const byDefault = () => option.default ?? (humans ? humans() <= 1 : true);
        let touched = false;
        const box = h("input", { id, type: "checkbox", checked: byDefault(), onchange: () => { touched = true; } });
        followers.push(() => { if (!touched) box.checked = byDefault(); });
        readers.push(() => [option.name, box.checked]);
        return h("label.check", {}, box, " ", label, h("small", {}, help));
      }
      let input;
      // A seat's number ends at the last seat of the table, whatever the catalog's maximum.
      const maximum = option.name === "first_dealer" && seats !== undefined && option.maximum !== undefined
        ? Math.min(option.maximum, seats - 1) : option.maximum;
      if (option.type === "int") {
        const number = h("input", { id, type: "number", required: true, step: 1, value: Math.min(option.default, maximum ?? Infinity),
          min: option.minimum, max: maximum, inputmode: "numeric" });
        readers.push(() => [option.name, Number(number.value)]);
        input = number;
      } else if (option.type === "list") {
        const text = h("input", { id, type: "text", value: option.default.join(", "),
          pattern: "\\s*\\d+(\\s*,\\s*\\d+)*\\s*", inputmode: "numeric" });
        readers.push(() => [option.name, text.value.split(",").map((v) => Number(v.trim()))]);
        input = text;
      } else if (option.name === "on_timeout" && bots) {
        // The bots that play this game, as a seat's choice names them (`search:fast`).
        const choices = botChoices(bots, game);
        const chosen = choices.find((c) => c.value === option.default) ?? choices.find((c) => c.value === "random") ?? choices[0];
        const select = h("select", { id }, choices.map((c) => h("option", { value: c.value, selected: c === chosen, title: c.title }, c.label)));
        readers.push(() => [option.name, select.value]);
        input = select;
      } else {
        return null; // a kind of option this page cannot edit yet: its default applies
      }
      const limits = [option.minimum, maximum].some((v) => v !== undefined)
        ? ` (${option.minimum ?? "…"} to ${maximum ?? "…"})` : "";
      return h("label.field", {}, h("span", {}, label + limits), input, h("small", {}, help));
    });
  return { fields, read: () => Object.fromEntries(readers.map((r) => r())), seatsChanged: () => followers.forEach((f) => f()) };
}

/** Labels of the service's options where their names are not words enough. */
const LABELS = /** @type {Record<string, string>} */ ({
  turn_seconds: "seconds per move",
  reserve_seconds: "reserve seconds",
  on_timeout: "bot that plays when time runs out",
  away_after: "timeouts before a player is away",
});

/**
 * The service's options' help in the page's words (the catalog's `doc` is written for
 * programs: paths, backticked names); a game's own option's doc is read with plainWords().
 */
const HELP = /** @type {Record<string, string>} */ ({
  auto_deal: "Deal the next deal as soon as a deal ends. On by default when at most one seat is human; with several players it is off, so nobody is rushed past the score: then any player deals when ready.",
  turn_seconds: "Seconds each player's move may take (0: no clock). When they and the player's reserve run out, the bot chosen below plays the move.",
  reserve_seconds: "Extra seconds for each player, spent when a move takes longer than its seconds per move.",
  on_timeout: "Plays a move when a player's time runs out, and every move of a player who is away, until they come back.",
  away_after: "After this many timeouts in a row a player counts as away: the bot plays for them at once until they come back to the table.",
});

/**
 * A select of seat counts when the game allows a choice.
 * @param {CatalogGame} game
 * @param {(seats: number) => void} onChange
 */
export function seatCount(game, onChange) {
  if (game.min_seats === game.max_seats) return null;
  const select = h("select", { id: "seat-count", onchange: () => onChange(Number(select.value)) });
  for (let n = game.min_seats; n <= game.max_seats; n++) {
    select.append(h("option", { value: n, selected: n === game.min_seats + 1 }, `${n} players`));
  }
  return h("label.field", {}, h("span", {}, "Players"), select);
}

/**
 * The bots that play this game, one choice per level for a bot that thinks. The value is the
 * matches' spelling (`search:strong`); a seat sends it as `{"bot": "search", "level": "strong"}`.
 * Outside bots (registered by an app key, played by its owner's program) only where `outside`
 * (matches seat them, plain games do not), marked with their owner.
 * @param {Bot[]} bots
 * @param {CatalogGame} game
 * @param {{outside?: boolean}} [which]
 * @returns {{value: string, label: string, title: string}[]}
 */
export function botChoices(bots, game, { outside = false } = {}) {
  return bots.filter((b) => b.games.includes(game.name) && (b.kind === "builtin" || (outside && !b.retired))).flatMap((b) =>
    b.levels?.length
      ? b.levels.map((l) => ({ value: `${b.name}:${l.name}`, label: `${b.name} (${l.name}, ${Math.round(l.think_ms)} ms a move)`,
          title: `${b.description} ${l.strength}` }))
      : [{ value: b.name, label: b.kind === "outside" ? `${b.name} (outside bot of ${b.owner})` : b.name, title: b.description }]);
}

/**
 * @param {HTMLElement} main
 * @param {PageContext} context
 */
export async function lobbyPage(main, { signal, go, notify }) {
  /** @type {PageContext} */
  const context = { signal, go, notify };
  mount(main, h("p.loading", {}, "Loading the games…"));
  const [{ games }, { bots }] = await Promise.all([answer(api.GET("/catalog", { signal })), answer(api.GET("/bots", { signal }))]);
  let game = games[0];
  let seats = game.min_seats;
  const form = h("form.panel.lobby", { "aria-labelledby": "lobby-title" });
  const pick = h("fieldset.games", {}, h("legend", {}, "Game"),
    games.map((g) => h("label.game-choice", {},
      h("input", { type: "radio", name: "game", value: g.name, checked: g === game,
        onchange: () => { game = g; seats = g.min_seats === g.max_seats ? g.min_seats : g.min_seats + 1; draw(); } }),
      h("span.title", {}, g.title),
      h("small", {}, g.min_seats === g.max_seats ? `${g.min_seats} players` : `${g.min_seats}–${g.max_seats} players`))));
  const rest = h("div");
  form.append(h("h1#lobby-title", {}, "Start a table"), pick, rest);
  const openList = h("section.panel.open-tables", { "aria-labelledby": "open-title" });
  mount(main, appKey.get() ? null : getIn(), form, openList, joinBox(context), watchBox(go), keyBox(notify));

  function draw() {
    const choices = botChoices(bots, game);
    const selects = Array.from({ length: seats }, (_, s) => h("select", { name: `seat-${s}`, id: `seat-${s}`,
      onchange: () => options.seatsChanged() },
      h("option", { value: "", selected: s === 0 }, s === 0 ? "You" : "A friend (invite link)"),
      s > 0 ? h("option", { value: "open" }, "An open seat (anyone with the join link or code)") : null,
      choices.map((c, i) => h("option", { value: c.value, selected: s > 0 && i === 0, title: c.title },
        `Bot: ${c.label}`))));
    const options = optionFields(game, { seats, bots, humans: () => selects.filter((select) => select.value === "" || select.value === "open").length });
    const listed = h("input#list-in-lobby", { type: "checkbox" });
    const seedInput = h("input", { name: "seed", type: "text", maxlength: 200, autocomplete: "off" });
    form.onsubmit = async (event) => {
      event.preventDefault();
      // Without a key the server can only refuse (401): say how to get one instead.
      if (!appKey.get()) return notify(REFUSALS.missing_app_key, "error");
      /** @type {{bot?: string, level?: string, open?: boolean, invited?: boolean}[]} a seat as the lobby's choice reads: the catalog names the bots */
      const seatsIn = selects.map((select, s) => {
        if (select.value === "open") return { open: true };
        const [bot, level] = select.value.split(":");
        // A friend's seat waits for its link's holder (no clock runs until they come); yours is taken.
        if (!bot) return s === 0 ? {} : { invited: true };
        return level ? { bot, level } : { bot };
      });
      // Which games, bots, levels and options there are, the catalog says at run time (the
      // server checks each: 422), so the body built from it is cast to the spec's type here.
      const made = /** @type {NewGame} */ ({ game: game.name, seats: seatsIn, options: options.read() });
      /** @type {NewGame} */
      const body = listed.checked ? { ...made, lobby: "key" } : made;
      /** @type {NewGame} */
      const sent = seedInput.value.trim() ? { ...body, seed: seedInput.value.trim() } : body;
      submit.disabled = true;
      try {
        const created = await answer(apiAs(appKey.get()).POST("/games", { body: sent }));
        const humans = created.seats.flatMap((s) => (s.kind === "human" && s.token ? [{ seat: s.seat, token: s.token }] : []));
        if (!humans.length) return go(`#/watch/${created.id}`);
        const invites = humans.slice(1).map((s) => ({ seat: s.seat, link: `${location.origin}/#/play/${s.token}` }));
        sessionStorage.setItem(`invites:${created.id}`, JSON.stringify(invites));
        if (created.invite_code) sessionStorage.setItem(`code:${created.id}`, created.invite_code);
        return go(`#/play/${humans[0].token}`);
      } catch (error) {
        notify(explain(error), "error");
        submit.disabled = false;
      }
    };
    const submit = h("button.primary", { type: "submit" }, `Start ${game.title}`);
    mount(rest,
      h("fieldset.seats", {}, h("legend", {}, "Seats"), seatCount(game, (n) => { seats = n; draw(); }),
        selects.map((select, s) => h("label.seat-choice", {}, h("span", {}, `Seat ${s}`), select))),
      h("details.options", { open: true }, h("summary", {}, "Options"), options.fields,
        h("label.field", {}, h("span", {}, "Seed (optional: the same seed deals the same cards)"), seedInput),
        h("label.check", {}, listed, " list this table in the lobby",
          h("small", {}, "Players with this server's app key see its open seats under “Open tables” and may take one."))),
      submit);
    showOpenTables(openList, game, context);
  }
  draw();
}

/**
 * The tables of `game` that wait for players (the lobby, as this browser's app key sees it),
 * each open seat a button that takes it with the table's code.
 * @param {HTMLElement} panel
 * @param {CatalogGame} game
 * @param {PageContext} context
 */
async function showOpenTables(panel, game, { signal, go, notify }) {
  const title = h("h2#open-title", {}, `Open tables: ${game.title}`);
  if (!appKey.get()) {
    // The lobby lists a key's tables: without one the request could only be refused.
    mount(panel, title, h("p", {}, "With this server's app key saved in this browser, the tables that wait for players are listed here."));
    return;
  }
  mount(panel, title, h("p.loading", {}, "Looking for tables with open seats…"));
  let listing;
  try {
    const name = /** @type {import("./api.js").Operation<"/lobby/{game}", "get">["parameters"]["path"]["game"]} */ (game.name);
    listing = await answer(apiAs(appKey.get()).GET("/lobby/{game}", { params: { path: { game: name } }, signal }));
  } catch (error) {
    if (signal.aborted) return;
    mount(panel, title, h("p", {}, explain(error)));
    return;
  }
  if (!listing.tables.length) {
    mount(panel, title, h("p", {}, "No table waits for players now. Start one with an open seat, and tick “list this table in the lobby”."));
    return;
  }
  mount(panel, title, h("ul.open-list", {}, listing.tables.map((table) => h("li", { dataset: { game: table.id } },
    h("span", {}, `${table.seats.length} seats, ${table.open_seats.length} open · made ${ago(table.age_seconds)} ago`),
    h("span.take", {}, table.open_seats.map((seat) => h("button", { type: "button", dataset: { seat },
      onclick: () => claim(table.id, table.invite_code, seat, { go, notify }) }, `Take seat ${seat}`)))))));
}

/** @param {number} seconds */
const ago = (seconds) => (seconds < 90 ? `${Math.round(seconds)} s` : seconds < 5400 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`);

/**
 * Take an open seat with the table's code (the lowest open one when `seat` is undefined), then play it.
 * @param {string} id
 * @param {string} code
 * @param {number | undefined} seat
 * @param {Pick<PageContext, "go" | "notify">} context
 */
export async function claim(id, code, seat, { go, notify }) {
  try {
    const taken = await answer(api.POST("/games/{game_id}/claim", {
      params: { path: { game_id: id }, header: { "Idempotency-Key": crypto.randomUUID() } },
      body: seat === undefined ? { invite_code: code } : { invite_code: code, seat } }));
    go(`#/play/${taken.token}`);
  } catch (error) {
    notify(explain(error), "error");
  }
}

/** What a browser without an app key can do, and how to get one. */
function getIn() {
  return h("section.panel.get-in", { "aria-labelledby": "get-in-title" },
    h("h2#get-in-title", {}, "How to get in"),
    h("p", {}, "Starting a table or a match needs this server's app key, which the operator hands out. "
      + "Open the link the operator gave you (scripts/serve prints one that ends in #/key/…), or paste the key under “App key” below."),
    h("p", {}, "Without a key you can still play a seat from a friend's invite link, join a table with its code (“Join a table”), watch a game by its id, and read the ladder."));
}

/**
 * Take a table's open seat with its game id and invite code (the host's page shows both).
 * @param {PageContext} context
 */
function joinBox(context) {
  const id = h("input", { id: "join-id", type: "text", required: true, pattern: "[A-Za-z0-9_\\-]+", autocomplete: "off", maxlength: 64 });
  const code = h("input", { id: "join-code", type: "text", required: true, autocomplete: "off", maxlength: 64 });
  return h("form.panel.join-box", { "aria-labelledby": "join-title", onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    claim(id.value.trim(), code.value.trim(), undefined, context);
  } },
  h("h2#join-title", {}, "Join a table"),
  h("p", {}, "Got a table's game id and code from its host? Take its next open seat here."),
  h("label.field", {}, h("span", {}, "Game id"), id),
  h("label.field", {}, h("span", {}, "Code"), code),
  h("button", { type: "submit" }, "Join"));
}

/**
 * @param {PageContext["go"]} go
 * @param {"h1" | "h2"} [heading] the Watch page's own heading is its h1; the lobby's box an h2
 */
function watchBox(go, heading = "h2") {
  const input = h("input", { id: "watch-id", type: "text", required: true, placeholder: "game id",
    pattern: "[A-Za-z0-9_\\-]+", autocomplete: "off" });
  return h("form.panel.watch-box", { onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); go(`#/watch/${input.value.trim()}`); } },
    h(heading, {}, "Watch a game"),
    h("label.field", {}, h("span", {}, "Game id"), input),
    h("button", { type: "submit" }, "Watch"));
}

/**
 * The app key this browser creates with: whether one is saved, and a field to change it.
 * @param {PageContext["notify"]} notify
 */
export function keyBox(notify) {
  const state = h("p.key-state", {});
  const show = () => { state.textContent = appKey.get() ? "An app key is saved in this browser." : "No app key is saved in this browser."; };
  const input = h("input", { id: "app-key", type: "password", autocomplete: "off", placeholder: "dpk_…", maxlength: 200 });
  const form = h("form.panel.key-box", { onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    if (input.value.trim()) appKey.set(input.value);
    else appKey.clear();
    input.value = "";
    show();
    notify(appKey.get() ? "The app key is saved in this browser." : "The app key is removed from this browser.");
  } },
  h("h2", {}, "App key"),
  h("p", {}, "Starting tables and matches needs the operator's app key (scripts/serve prints a development key and a link that hands it over)."),
  state,
  h("label.field", {}, h("span", {}, "App key"), input),
  h("button", { type: "submit" }, "Save"));
  show();
  return form;
}

/**
 * The watch page without an id: just the box.
 * @param {HTMLElement} main
 * @param {PageContext} context
 */
export async function watchIndex(main, { go, signal }) {
  const live = h("section.panel.live-games", { "aria-labelledby": "live-title" },
    h("h2#live-title", {}, "Live games"), h("p.loading", {}, "Looking for this app key's live games…"));
  mount(main, watchBox(go, "h1"), live); // the Watch page's own heading
  if (!appKey.get()) {
    mount(live, h("h2#live-title", {}, "Live games"), h("p", {}, "With an app key saved in this browser, its live games are listed here."));
    return;
  }
  try {
    const { games } = await answer(apiAs(appKey.get()).GET("/feed/games", { signal }));
    mount(live, h("h2#live-title", {}, "Live games"), games.length
      ? h("ul.live-list", {}, games.map((g) => h("li", {}, h("a", { href: `#/watch/${g.id}` }, `${gameTitle(g.game)} · game ${g.id}`),
        h("small", {}, ` · ${g.status.replaceAll("_", " ")}${g.to_act.length ? ` · seat ${g.to_act.join(", ")} to act` : ""}`))))
      : h("p", {}, "No game of this app key is being played now."));
  } catch (error) {
    if (signal.aborted) return;
    mount(live, h("h2#live-title", {}, "Live games"), h("p", {}, explain(error)));
  }
}
