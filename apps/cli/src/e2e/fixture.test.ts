import { fixtureSuite } from "./fixtureSuite.js"

fixtureSuite(false)
