"""Rulebooks shipped with tabletop, one package per game.

Each one is registered under the ``tabletop.rulebooks`` entry-point group (see pyproject.toml).

``tabletop.rulebooks`` is both this package and the function ``tt.rulebooks()`` of the public
API: importing a rulebook package binds the name ``rulebooks`` on ``tabletop`` to this module,
so the module itself is callable and returns the ids of the installed rulebooks.
"""

import sys
import types


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[str]:
        """Ids of the installed rulebooks (same as :func:`tabletop.core.registry.rulebooks`)."""
        from tabletop.core.registry import rulebooks

        return rulebooks()


sys.modules[__name__].__class__ = _CallableModule
