"""The web app behind ``dioses serve`` (the [web] extra): the card gallery,
each card's page and the board builder, over the library's own calls.

The top layer: it reads every layer below and nothing imports it but the
command. Starlette, uvicorn and Jinja2 are needed only here.
"""
