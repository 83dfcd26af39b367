"""Exact answers from a real solver (OR-Tools CP-SAT): the best layout of a
board's cards, proven optimal. Needs the ``solver`` extra (``pip install
'dioses-rules[solver]'``); nothing else in the library imports this package
(``limits`` alone needs no OR-Tools).
"""
