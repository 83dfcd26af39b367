"""dioses-rules: a rules-as-data engine for Dioses! and ¡Aún más Divinos!."""

__version__ = "0.1.0"
