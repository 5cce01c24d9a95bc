"""Rule references of the memory game, citing 000_7fc8e0fd1bcbc422.txt by line."""

from tabletop.core import Rule, RuleTable

SEED = "000_7fc8e0fd1bcbc422.txt"

RULES = RuleTable(
    [
        Rule(
            "mem.components",
            "One sticker book makes 28 different pairs: 56 picture cards.",
            "28 разных пар",
            SEED,
            (1520, 1520),
        ),
        Rule(
            "mem.setup",
            "Lay all cards face down, shuffle well, then lay them out in rows.",
            "Выложите все свои карты лицевой стороной вниз. Хорошо перемешайте, затем разложите рядами",
            SEED,
            (1524, 1524),
        ),
        Rule(
            "mem.turn",
            "Players take turns flipping two cards.",
            "Игроки по очереди переворачивают по две карты",
            SEED,
            (1524, 1524),
        ),
        Rule(
            "mem.match",
            "If the two cards match, the player keeps them.",
            "Если они находят совпадение, они оставляют карты себе",
            SEED,
            (1524, 1524),
        ),
        Rule(
            "mem.mismatch",
            "If the cards do not match, the player turns them back over and the turn ends.",
            "Если карты не совпадают, игрок переворачивает их, и на этом ход заканчивается",
            SEED,
            (1524, 1524),
        ),
        Rule(
            "mem.extra_turn",
            "Official rule (as the author recalls it): a match gives another turn.",
            "официальные правила игры говорят, что нужно делать еще один ход, если у вас есть матч",
            SEED,
            (1524, 1524),
        ),
        Rule(
            "mem.house_rule",
            "House rule: the turn ends after one match too (kinder to younger players).",
            "мы всегда останавливаемся только на одном ходу",
            SEED,
            (1524, 1524),
        ),
        Rule(
            "mem.assume.match",
            "A match is two cards with the same picture (identical stickers).",
            "совпадение",
            SEED,
            (1524, 1524),
            assumption=True,
            fixed="the definition of a match: the cards are pairs of the same sticker, so no other likeness exists",
        ),
        Rule(
            "mem.assume.public_flip",
            "A flipped card is shown to every player.",
            "переворачивают",
            SEED,
            (1524, 1524),
            assumption=True,
            fixed="L1524 turns the cards face up on the table and back down, so everyone sees them; who may see is "
            "a representation of that, and keeping it from the others would not be turning them over",
        ),
        Rule(
            "mem.assume.turn_back",
            "After a mismatch both cards stay face up, for every player to see, until the player to move turns "
            "them back face down; then the turn ends.",
            "Если карты не совпадают, игрок переворачивает их, и на этом ход заканчивается",
            SEED,
            (1524, 1524),
            assumption=True,
            option="turn_back",
        ),
        Rule(
            "mem.assume.unseen",
            "A card of a position file whose picture nobody has seen ('?') is equally likely to be any picture "
            "not yet placed, weighted by how many cards of it are left: its picture is a chance outcome when it "
            "is first flipped. (A new game deals every picture at set-up; a well-shuffled layout is the same "
            "chance, drawn later.)",
            "Хорошо перемешайте",
            SEED,
            (1524, 1524),
            assumption=True,
            fixed="'shuffle well' makes every order of the cards equally likely, so a card not yet seen is any "
            "picture left with the odds of what is left; dealing it when it is flipped or at set-up is one chance",
        ),
        Rule(
            "mem.assume.first_player",
            "Player 0 (or the player the option names) takes the first turn.",
            source=SEED,
            lines=(1524, 1524),
            assumption=True,
            option="first_player",
        ),
        Rule(
            "mem.assume.end",
            "The game ends when every card has been taken; the player with the most pairs "
            "wins, and players tied for most pairs share the win.",
            source=SEED,
            lines=(1524, 1524),
            assumption=True,
            outside_text=True,
            fixed="the text has no end; when every card is taken nothing is left to do, and the one measure of play is "
            "the pairs kept ('они оставляют карты себе'), so most pairs wins and equal counts tie",
        ),
        Rule(
            "mem.assume.rows",
            "Rows are as wide as the `columns` option says (by default the squarest layout with at most 8 columns).",
            "разложите рядами",
            SEED,
            (1524, 1524),
            assumption=True,
            option="columns",
        ),
    ]
)
