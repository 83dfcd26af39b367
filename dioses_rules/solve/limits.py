"""The solver's budgets, importable without OR-Tools (the CLI shows them in
its help before it knows whether the ``solver`` extra is installed)."""

EFFORT = 10.0  # CP-SAT deterministic seconds per hand of `balance --optimal` (about seconds)
MAX_EFFORT = 3600.0
