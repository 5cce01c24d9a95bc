"""Rulebooks shipped with tabletop.

Each one is registered under the `tabletop.rulebooks` entry-point group (see pyproject.toml).
"""
