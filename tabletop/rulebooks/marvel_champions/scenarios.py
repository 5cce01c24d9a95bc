"""Ready positions for teaching and tests (option ``scenario``), built by the set-up."""

from __future__ import annotations

SETUPS: dict = {}
