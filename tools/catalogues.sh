#!/bin/sh
# The terminal's message catalogues (dioses_rules/i18n.py), with Babel (the
# [test] extra): extract every _(), ngettext() and N_() of the command line
# into the template, merge it into each language's .po (new messages come in
# untranslated, and gettext shows them in English until translated), compile
# the .mo files gettext reads. Run from the checkout's root after changing a
# message; commit the .pot, .po and .mo. A new language:
#   pybabel init -D dioses -i dioses_rules/locale/dioses.pot -d dioses_rules/locale -l LANG
set -eu
BABEL=${BABEL:-.venv/bin/pybabel}
"$BABEL" extract --no-wrap --sort-by-file --project dioses-rules \
    -k _ -k N_ -k ngettext:1,2 -o dioses_rules/locale/dioses.pot cli/dioses_cli
"$BABEL" update --no-wrap -D dioses -i dioses_rules/locale/dioses.pot -d dioses_rules/locale
"$BABEL" compile --statistics -D dioses -d dioses_rules/locale
