"""The game engine: a game's state (``state``), its rule families (``decks``,
``effects``, ``power``, ``turns``) assembled in ``game``, setting up
(``setup``), the view scoring reads (``view``), agents (``agents``), saves
(``saves``), logs (``log``), replaying a log (``replay``) and many games at
once (``simulate``)."""
