"""``dioses test``: a modder's card files verified, check by check."""
