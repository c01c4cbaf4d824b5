/**
 * Java apps expose an accessibility tree only through the Java ATK wrapper, which Debian installs switched off: the
 * JVM loads an assistive technology only when `javax.accessibility.assistive_technologies` names it (Debian leaves
 * that line commented out in /etc/java-17-openjdk/accessibility.properties) and finds its class only with the
 * wrapper's jar on its class path. `launch` sets both for any JVM the app starts, through JAVA_TOOL_OPTIONS (read by
 * every JVM, whatever script starts it; nothing else reads it), added after the user's own options and left alone
 * when those already name an assistive technology. Without the wrapper installed nothing changes.
 */
import { existsSync } from "node:fs"

export const ATK_WRAPPER_JAR = "/usr/share/java/java-atk-wrapper.jar"
const PROPERTY = "-Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper"

export const withJavaAccessibility = (env: NodeJS.ProcessEnv, jar = ATK_WRAPPER_JAR, exists: (path: string) => boolean = existsSync): NodeJS.ProcessEnv => {
  if (!exists(jar)) return env
  const current = env["JAVA_TOOL_OPTIONS"] ?? ""
  if (current.includes("javax.accessibility.assistive_technologies")) return env
  const options = `${PROPERTY} -Xbootclasspath/a:${jar}`
  return { ...env, JAVA_TOOL_OPTIONS: current.trim() === "" ? options : `${current} ${options}` }
}
