#!/usr/bin/env python3
"""Runs the unittest suite and writes test-results/vitest.json (numPassedTests, numFailedTests) so the
monorepo's closing "N passed, N failed" line counts these tests too. Exit 1 on any failure."""
import json
import pathlib
import sys
import unittest

HERE = pathlib.Path(__file__).resolve().parent
suite = unittest.defaultTestLoader.discover(str(HERE / "tests"), top_level_dir=str(HERE))
result = unittest.TextTestRunner(verbosity=1).run(suite)
failed = len(result.failures) + len(result.errors)
passed = result.testsRun - failed - len(result.skipped)
(HERE / "test-results").mkdir(exist_ok=True)
(HERE / "test-results" / "vitest.json").write_text(json.dumps({"numPassedTests": passed, "numFailedTests": failed, "numSkippedTests": len(result.skipped)}))
sys.exit(0 if result.wasSuccessful() else 1)
