#!/bin/sh
# A longer fuzz run than the suite's (issue #10): mutated card files, boards,
# saves and logs must meet only the project's own errors. Usage:
#   tools/fuzz.sh [EXAMPLES]   (default 5000 per kind of file; about 10 minutes)
# Hypothesis prints the smallest failing input if it finds one. The seeded,
# watched fuzzers of issue #23 (deep nesting, huge integers, lone surrogates,
# FIFOs, the web app, the language server) are tools/fuzz.py:
#   nice -n 19 tools/fuzz.py all --seconds 900
set -eu
cd "$(dirname "$0")/.."
DIOSES_FUZZ_EXAMPLES="${1:-5000}" exec "${PYTHON:-.venv/bin/python}" -m pytest -q \
    -p no:cacheprovider -n 0 tests/test_fuzz.py --hypothesis-show-statistics
