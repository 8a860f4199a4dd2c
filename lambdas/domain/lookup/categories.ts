/** The lookup categories are part of GET /lookup/find's contract (form/wire/lookup.ts). */
export { CATEGORIES, isCategory, parseCategory, type Category } from '#form/wire/lookup';
