"""The rulebooks shipped with tabletop, one package per game: ``tabletop.games.<id>``.

Each one is registered under the ``tabletop.rulebooks`` entry-point group (see pyproject.toml);
:func:`tabletop.rulebooks` lists their ids and :func:`tabletop.rulebook` loads one.

The packages are not at ``tabletop.rulebooks``: importing ``tabletop.X.Y`` binds the name ``X``
on ``tabletop`` to the package ``X``, which would replace the function ``tt.rulebooks``.
"""
