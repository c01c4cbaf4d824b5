import { fixtureSuite } from "./fixtureSuite.js"

// The whole fixture suite again, every call answered by a warm host (agent-desktop serve).
fixtureSuite(true)
