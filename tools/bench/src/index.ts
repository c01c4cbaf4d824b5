export { median, ratioTable, type Case } from "./stats.js"
