"""Scoring a play area: the grid (``area``), the reference evaluator
(``evaluator``), Pattern shapes (``patterns``), boards as files and as
resolved (``board``), the final score (``score``) and the balance report
(``balance``). Nothing here knows of turns, decks or agents."""
