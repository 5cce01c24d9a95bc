"""A tiny test-only Nim (take 1 or 2 counters; whoever takes the last wins), which can be told to fail."""

from tabletop.core import OptionSpec, Phase, Rule, Rulebook, RuleTable

NIM_RULES = RuleTable(
    [
        Rule("nim.turn", "Players take turns taking 1 or 2 counters from the pile.", source="test"),
        Rule("nim.end", "Whoever takes the last counter wins.", source="test"),
    ]
)


def _nim_setup(game):
    game.state.set_var("pile", game.options["pile"])


def _nim_take(game, args):
    pile = game.state.vars["pile"]
    options = [{"id": f"take{k}", "label": f"take {k}"} for k in (1, 2) if k <= pile]
    game.ask(game.state.turn["player"], "action", options, "nim.took", prompt="take counters", rule="nim.turn")


def _nim_took(game, args):
    pile = game.state.vars["pile"] - int(args["choice"]["id"][4:])
    if pile == game.options["explode_at"]:
        raise RuntimeError(f"boom: the pile reached {pile}")
    game.state.set_var("pile", pile)
    if pile == 0:
        player = game.state.turn["player"]
        game.end_game([player], reason=f"player {player} took the last counter", rule="nim.end")


def nim() -> Rulebook:
    """A new Nim rulebook (a fresh object, so a test may set attributes such as ``evaluate``)."""
    return Rulebook(
        id="nim",
        title="Nim",
        source="test",
        players=(2, 2),
        rules=NIM_RULES,
        setup=_nim_setup,
        options={
            "pile": OptionSpec("pile", 6, "counters on the pile"),
            "explode_at": OptionSpec("explode_at", -1, "raise when the pile reaches this many"),
        },
        flow=(Phase("turn", ("nim.take",), each_player=True, rule="nim.turn"),),
        tasks={"nim.take": _nim_take, "nim.took": _nim_took},
    )
