// Building the page from elements, never from markup strings: every text goes in as text.

/** @typedef {Node | string | number | null | undefined | false} Leaf left out: null, undefined, false */
/**
 * What an element takes: nodes and texts (numbers read as text), in arrays as a page builds
 * them (three deep at most here; JSDoc types cannot recurse).
 * @typedef {Leaf | Leaf[] | Leaf[][] | Leaf[][][]} Child
 */
/**
 * Attributes and properties: `onclick` (a listener), `dataset`, a property when the element has
 * one and the value is not a string (`checked: true`), else an attribute (true: present).
 * @typedef {Record<string, unknown>} Attrs
 */
/**
 * The tag name in h()'s "name#id.class.class": "button#go.primary" is a "button".
 * @typedef {T extends `${infer N}.${string}` ? TagOf<N> : T extends `${infer N}#${string}` ? N : T} TagOf
 * @template {string} T
 */
/**
 * @typedef {TagOf<T> extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[TagOf<T>] : HTMLElement} ElementOf
 * @template {string} T
 */

/**
 * h("button#id.card.legal", {onclick: f, "aria-label": "ace of spades"}, "A", child...)
 * @template {string} T
 * @param {T} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {ElementOf<T>}
 */
export function h(tag, attrs = {}, ...children) {
  const [head, ...classes] = tag.split(".");
  const [name, id] = head.split("#");
  const el = /** @type {ElementOf<T>} */ (document.createElement(name));
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An SVG element: svg("rect", {x: 1, y: 2, width: 3, height: 4, class: "bar"}).
 * @template {keyof SVGElementTagNameMap} T
 * @param {T} name
 * @param {Record<string, string | number>} [attrs]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[T]}
 */
export function svg(name, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  append(el, children);
  return el;
}

/**
 * @param {HTMLElement} el
 * @param {Attrs} attrs
 */
function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    } else if (key === "dataset" && typeof value === "object") {
      Object.assign(el.dataset, value);
    } else if (key in el && typeof value !== "string") {
      Object.assign(el, { [key]: value });
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/**
 * Replace everything in `el` with `children`.
 * @template {Element} E
 * @param {E} el
 * @param {...Child} children
 * @returns {E}
 */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * A box that scrolls sideways when its content (a wide table) is wider than a phone. Keyboard
 * users scroll it too: it takes the focus, and is a region named `label` (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 * @param {string} label
 * @param {...Child} children
 */
export function scrollBox(label, ...children) {
  return h("div.scroll", { tabindex: 0, role: "region", "aria-label": label }, ...children);
}
