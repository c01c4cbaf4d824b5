import json
import os
import pathlib
import shutil
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
from agent_desktop import AgentDesktop, InvalidEnvelope, argv_for, check_envelope, follow_recovery, schema_problems  # noqa: E402

REPO = HERE.parent.parent
FIXTURES = REPO / "contracts" / "fixtures"
BIN = REPO / "apps" / "cli" / "bin" / "agent-desktop.js"


class GeneratedTest(unittest.TestCase):
    def test_generated_module_is_current(self):
        committed = (HERE / "agent_desktop" / "generated.py").read_text()
        self.assertEqual(committed, generate.render(), "stale: run python3 generate.py in clients/python")


class FixturesTest(unittest.TestCase):
    def test_every_valid_fixture_of_the_pinned_version_fits_the_types(self):
        files = sorted((FIXTURES / "2.7" / "valid").glob("*.json"))
        self.assertGreater(len(files), 40)
        for path in files:
            with self.subTest(fixture=path.name):
                self.assertEqual(check_envelope(json.loads(path.read_text())), [])

    def test_every_valid_fixture_also_fits_the_strict_schema(self):
        for path in sorted((FIXTURES / "2.7" / "valid").glob("*.json")):
            with self.subTest(fixture=path.name):
                self.assertEqual(check_envelope(json.loads(path.read_text()), strict=True), [])

    def test_every_invalid_fixture_is_rejected_by_the_strict_check_naming_where(self):
        files = sorted((FIXTURES / "2.7" / "invalid").glob("*.json"))
        self.assertGreater(len(files), 20)
        for path in files:
            with self.subTest(fixture=path.name):
                problems = check_envelope(json.loads(path.read_text()), strict=True)
                self.assertNotEqual(problems, [])
                self.assertTrue(any(problem.startswith("/") for problem in problems), problems)

    def test_the_consumer_check_rejects_wrong_nested_shapes_enums_and_constraints(self):
        click = {"version": "2.7", "ok": True, "command": "click",
                 "data": {"action": "click", "disposition": {"delivery": "delivered_verified", "retry": "unsafe"}}}
        self.assertEqual(check_envelope(click), [])
        cases = {
            "an error-only disposition in a success": {"disposition": {"delivery": "delivery_uncertain", "retry": "unsafe"}},
            "a pairing the contract forbids": {"disposition": {"delivery": "not_delivered", "retry": "unsafe"}},
            "a step outcome outside the enum": {"steps": [{"label": "DoAction", "outcome": "maybe"}]},
            "a step without its label": {"steps": [{"outcome": "succeeded"}]},
            "a verification scope outside the enum": {"details": {"verification_scope": "somewhere"}},
        }
        for name, change in cases.items():
            with self.subTest(case=name):
                self.assertNotEqual(schema_problems(dict(click, data=dict(click["data"], **change))), [])
        status = json.loads((FIXTURES / "2.7" / "valid" / "status.json").read_text()) if (FIXTURES / "2.7" / "valid" / "status.json").exists() else None
        if status is not None:
            del status["data"]["platform"]
            self.assertIn("/data: missing required 'platform'", schema_problems(status))

    def test_structurally_wrong_envelopes_do_not(self):
        self.assertNotEqual(check_envelope({"version": "2.7", "ok": True, "command": "snapshot", "data": {"app": "x"}}), [])
        self.assertNotEqual(check_envelope({"version": "2.7", "ok": False, "command": "click", "error": {"code": "STALE_REF"}}), [])
        self.assertNotEqual(check_envelope({"version": "2.5", "ok": True, "command": "status", "data": {}}), [])


class ArgvTest(unittest.TestCase):
    def test_flags_then_positionals_after_double_dash(self):
        self.assertEqual(argv_for("2.7", "type", {"ref_id": "@s1:e2", "text": "--not-a-flag", "timeout_ms": 0}),
                         ["--contract", "2.7", "type", "--timeout-ms=0", "--", "@s1:e2", "--not-a-flag"])
        self.assertEqual(argv_for("2.5", "mouse-click", {"xy": {"x": -5, "y": 7}, "modifiers": ["ctrl"]}, {"headed": True}),
                         ["--contract", "2.5", "--headed", "mouse-click", "--xy=-5,7", "--modifiers=ctrl"])
        with self.assertRaises(ValueError):
            argv_for("2.7", "click", {"ref_id": "@s1:e1", "nope": 1})


@unittest.skipUnless(shutil.which("node") and BIN.exists(), "needs node and the built CLI (apps/cli)")
class LiveTest(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="ad-python-")
        self.env = {"AGENT_DESKTOP_HOME": self.home, "DBUS_SESSION_BUS_ADDRESS": None, "AT_SPI_BUS_ADDRESS": None,
                    "DISPLAY": None, "AGENT_DESKTOP_CONTRACT": None}

    def tearDown(self):
        shutil.rmtree(self.home, ignore_errors=True)

    def client(self, contract="2.7"):
        return AgentDesktop(contract, command=[shutil.which("node"), str(BIN)], env=self.env)

    def test_live_output_fits_the_types(self):
        for command, args in [("version", {}), ("status", {}), ("click", {"ref_id": "@s0abc:e1"}), ("click", {"ref_id": "@e1"}),
                              ("type", {"ref_id": "@s0abc:e1", "text": "--hedaed"}), ("key-down", {"combo": "shift"})]:
            with self.subTest(command=command, args=args):
                envelope = self.client().run(command, **args)
                self.assertEqual(check_envelope(envelope), [], json.dumps(envelope))
        self.assertIn("2.3", self.client().run("version")["data"]["contracts"])
        self.assertEqual(self.client().run("type", ref_id="@s0abc:e1", text="--hedaed")["error"]["code"], "SNAPSHOT_NOT_FOUND")
        self.assertEqual(self.client("2.3").run("version")["version"], "2.3")

    def test_the_runner_validates_what_it_parses(self):
        strict = AgentDesktop("2.7", command=[shutil.which("node"), str(BIN)], env=self.env, validate="strict")
        self.assertTrue(strict.run("version")["ok"])
        fake = pathlib.Path(self.home) / "fake-cli.py"
        fake.write_text("print('{\"version\":\"2.7\",\"ok\":true,\"command\":\"version\",\"data\":{\"version\":1}}')\n")
        with self.assertRaises(InvalidEnvelope) as raised:
            AgentDesktop("2.7", command=[sys.executable, str(fake)], env=self.env).run("version")
        self.assertTrue(any(problem.startswith("/data/version") for problem in raised.exception.problems), raised.exception.problems)
        self.assertEqual(AgentDesktop("2.7", command=[sys.executable, str(fake)], env=self.env, validate=None).run("version")["data"]["version"], 1)

    def test_follows_a_safe_recovery_once(self):
        seen = []

        def refresh(failure):
            seen.append(failure["error"]["code"])
            return {"ref_id": "@s0abd:e1"}

        attempts = follow_recovery(self.client(), "click", {"ref_id": "@s0abc:e1"}, refresh)
        self.assertEqual(seen, ["SNAPSHOT_NOT_FOUND"])
        self.assertEqual(len(attempts), 2)
        self.assertEqual(len(follow_recovery(self.client(), "click", {"ref_id": "@e1"}, refresh)), 1)


@unittest.skipUnless(shutil.which("node") and BIN.exists() and (REPO / "tools" / "desktop" / "dist" / "index.js").exists(),
                     "needs node, the built CLI and the built virtual desktop (tools/desktop)")
class DesktopTest(unittest.TestCase):
    """Live output of the CLI on the project's virtual desktop (a real GTK app) fits the generated types."""

    def test_snapshot_and_click_on_the_gtk_fixture(self):
        import subprocess

        host = subprocess.Popen([shutil.which("node"), str(HERE.parent / "desktop-host.mjs")], cwd=str(REPO),
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        home = tempfile.mkdtemp(prefix="ad-python-desktop-")
        try:
            line = host.stdout.readline()
            self.assertTrue(line, "the virtual desktop did not start")
            env = dict(json.loads(line)["env"], AGENT_DESKTOP_HOME=home, AGENT_DESKTOP_CONTRACT=None)
            client = AgentDesktop("2.7", command=[shutil.which("node"), str(BIN)], env=env)
            snapshot = client.run("snapshot", app="fixture", interactive_only=True, timeout_ms=10000)
            self.assertEqual(check_envelope(snapshot), [], json.dumps(snapshot)[:500])
            self.assertTrue(snapshot["ok"] and snapshot["data"]["complete"])

            def walk(node):
                yield node
                for child in node.get("children", []):
                    yield from walk(child)

            button = next(n for n in walk(snapshot["data"]["tree"]) if n["role"] == "button" and n.get("name", "").startswith("clicks:"))
            click = client.run("click", ref_id=button["ref_id"])
            self.assertEqual(check_envelope(click), [], json.dumps(click))
            self.assertTrue(click["ok"])
        finally:
            host.stdin.close()
            host.wait(timeout=60)
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
