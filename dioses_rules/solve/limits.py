"""The solver's budgets, importable without OR-Tools (the CLI shows them in
its help before it knows whether the ``solver`` extra is installed)."""

EFFORT = 10.0  # CP-SAT deterministic seconds per hand of `balance --optimal` (about seconds)
MAX_EFFORT = 3600.0
MAX_TIME_LIMIT = 3600.0  # seconds: the longest `--time-limit` the commands take


def check_seconds(seconds: float | None, what: str = "time_limit") -> None:
    """A ValueError unless ``seconds`` is None or a number in (0, MAX_TIME_LIMIT]:
    CP-SAT takes NaN as a limit and answers MODEL_INVALID (issue #23)."""
    if seconds is not None and not 0 < seconds <= MAX_TIME_LIMIT:  # NaN fails it too
        raise ValueError(
            f"{what} must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds, not {seconds}"
        )
