// tsc's view of ./openapi-fetch.js (the vendored ESM build): the pinned package's own types, so
// the page's scripts are checked against the library they run and tsc never reads its code.
export * from "openapi-fetch";
export { default } from "openapi-fetch";
