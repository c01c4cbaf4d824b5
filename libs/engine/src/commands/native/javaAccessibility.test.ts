import { describe, expect, it } from "vitest"
import { withJavaAccessibility } from "./javaAccessibility.js"

describe("withJavaAccessibility", () => {
  const jar = "/usr/share/java/java-atk-wrapper.jar"
  it("adds the ATK wrapper after the user's own JVM options, and only where the wrapper is installed", () => {
    expect(withJavaAccessibility({ PATH: "/bin" }, jar, () => true)["JAVA_TOOL_OPTIONS"]).toBe(
      `-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper -Xbootclasspath/a:${jar}`)
    expect(withJavaAccessibility({ JAVA_TOOL_OPTIONS: "-Xmx256m" }, jar, () => true)["JAVA_TOOL_OPTIONS"]).toMatch(/^-Xmx256m -Djavax/)
    expect(withJavaAccessibility({ PATH: "/bin" }, jar, () => false)).toEqual({ PATH: "/bin" })
  })

  it("leaves a user's own assistive technology alone", () => {
    const env = { JAVA_TOOL_OPTIONS: "-Djavax.accessibility.assistive_technologies=com.example.Reader" }
    expect(withJavaAccessibility(env, jar, () => true)).toBe(env)
  })
})
