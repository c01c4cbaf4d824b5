#!/usr/bin/env python3
"""Runs `go test -json ./...` (no module proxy: the client uses the standard library only) and writes
test-results/vitest.json with the pass/fail counts, so the monorepo's closing line counts these tests. Exit 1 on
any failure."""
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
env = dict(os.environ, GOPROXY="off", GOFLAGS="-mod=mod", GOTOOLCHAIN="local")
result = subprocess.run(["go", "test", "-count=1", "-json", "./..."], cwd=HERE, capture_output=True, text=True, env=env)
passed = failed = skipped = 0
for line in result.stdout.splitlines():
    try:
        event = json.loads(line)
    except json.JSONDecodeError:
        continue
    if event.get("Test") is None:
        continue
    if event.get("Action") == "pass":
        passed += 1
    elif event.get("Action") == "fail":
        failed += 1
    elif event.get("Action") == "skip":
        skipped += 1
    if event.get("Action") == "output" and event.get("Output", "").lstrip().startswith(("---", "client_test")):
        sys.stderr.write(event["Output"])
if result.returncode != 0 and failed == 0:
    sys.stderr.write(result.stderr)
    failed = 1
(HERE / "test-results").mkdir(exist_ok=True)
(HERE / "test-results" / "vitest.json").write_text(json.dumps({"numPassedTests": passed, "numFailedTests": failed, "numSkippedTests": skipped}))
print(f"go test: {passed} passed, {failed} failed, {skipped} skipped")
sys.exit(0 if result.returncode == 0 else 1)
