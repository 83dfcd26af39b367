#!/bin/sh
# The message catalogues (dioses_rules/i18n.py), with Babel (the
# [test] extra): extract every _(), ngettext() and N_() of the command line
# into the template, merge it into each language's .po (new messages come in
# untranslated, and gettext shows them in English until translated), compile
# the .mo files gettext reads. Run from the checkout's root after changing a
# message; commit the .pot, .po and .mo. A new language:
#   pybabel init -D dioses -i dioses_rules/locale/dioses.pot -d dioses_rules/locale -l LANG
set -eu
BABEL=${BABEL:-.venv/bin/pybabel}
"$BABEL" extract --no-wrap --sort-by-file --project dioses-rules \
    -k _ -k N_ -k ngettext:1,2 -k Nn_:1,2 -o dioses_rules/locale/dioses.pot cli/dioses_cli dioses_rules/wording dioses_rules/render
"$BABEL" update --no-wrap -D dioses -i dioses_rules/locale/dioses.pot -d dioses_rules/locale
"$BABEL" compile --statistics -D dioses -d dioses_rules/locale
# the web pages' words: their own domain, "web" (dioses_rules/web/language.py),
# from the templates (Jinja2's extractor) and the web app's Python
"$BABEL" extract --no-wrap --sort-by-file --project dioses-rules -F tools/babel/web.cfg \
    -k _ -k N_ -k ngettext:1,2 -o dioses_rules/locale/web.pot .
# a language is a folder with a dioses catalogue (locale/LANG/ may hold only
# card-text data, as locale/en/ does: English is the source language)
for catalogue in dioses_rules/locale/*/LC_MESSAGES/dioses.po; do
    lang=$(basename "$(dirname "$(dirname "$catalogue")")")
    if [ -f "dioses_rules/locale/$lang/LC_MESSAGES/web.po" ]; then
        "$BABEL" update --no-wrap -D web -i dioses_rules/locale/web.pot -d dioses_rules/locale -l "$lang"
    else
        "$BABEL" init -D web -i dioses_rules/locale/web.pot -d dioses_rules/locale -l "$lang"
    fi
done
"$BABEL" compile --statistics -D web -d dioses_rules/locale
