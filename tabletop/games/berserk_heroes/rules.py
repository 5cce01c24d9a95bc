"""Rule references of Berserk: Heroes, citing 001_240eaaff2b2d73c1.txt by line.

The seed is a fragment of the comprehensive rules (520-522 and part of the glossary). Every
rule the fragment does not give (turn structure, combat, wounds and death, the win, starting
coins, decks) is an assumption of its own, marked ``assumption=True``; the ones that come
from general knowledge of the game rather than from the text are also ``outside_text=True``.
"""

from tabletop.core import Rule, RuleTable
from tabletop.core.rules import LinesGiven

SEED = "001_240eaaff2b2d73c1.txt"


def _a(
    rule_id: str,
    text: str,
    term: str = "",
    lines: LinesGiven | None = None,
    outside: bool = False,
    option: str = "",
    fixed: str = "",
) -> Rule:
    """An assumption; ``option`` names the rulebook option(s) that switch its reading, or ``fixed`` says why no
    other reading would change an outcome."""
    return Rule(rule_id, text, term, SEED, lines, assumption=True, outside_text=outside, option=option, fixed=fixed)


RULES = RuleTable(
    [
        # ---------------------------------------------------------------- 520: coins
        Rule(
            "bh.520.1",
            "Coins are the main resource; they pay for cards and their played abilities.",
            "Монеты - это основной ресурс",
            SEED,
            (1, 1),
        ),
        Rule(
            "bh.520.2",
            "Coins start in the coin supply, outside the game. Gaining a coin moves one from the supply to the "
            "play zone; losing a coin moves one from the play zone back to the supply.",
            "запас монет; игровая зона; получить монету; теряет монету",
            SEED,
            (3, 3),
        ),
        Rule(
            "bh.520.3",
            "In the accumulation phase a player gains a coin only if he has fewer than 10 coins in the play zone; "
            "abilities may take him above 10.",
            "В фазе накопления игрок получает монету только если у него меньше 10 монет",
            SEED,
            (5, 5),
        ),
        Rule(
            "bh.520.4",
            "Temporary coins return to the supply at the end of their period, and that is not a loss; coins lost "
            "for a period come back to the play zone, and that is not a gain.",
            "временные монеты; это не считается потерей монет",
            SEED,
            (7, 7),
        ),
        Rule(
            "bh.520.5",
            "A player forced to lose a coin chooses which coins to remove.",
            "он сам выбирает какие монеты убрать",
            SEED,
            (9, 9),
        ),
        Rule(
            "bh.lose_coin",
            "Lose a coin: the player removes a coin of his choice from the ones he has.",
            "Потеряйте монету",
            SEED,
            (47, 47),
        ),
        # ------------------------------------------------------------ 521: modifiers
        Rule(
            "bh.521.1",
            "Numeric modifiers apply in this order: additions, multiplications, subtractions, divisions, then "
            "set-to-value modifiers in order of appearance; a negative result is then set to 0.",
            "модификаторы применяются в следующем порядке",
            SEED,
            (13, 25),
        ),
        # ------------------------------------------------------ 522: the constructor
        Rule(
            "bh.522.1",
            "'On [event] choose X times from: ...': when the event happens the player composes a chain of exactly "
            "X abilities from the set (repeats allowed); the chain goes into the queue and resolves in his order.",
            "Конструктор способностей; цепочку способностей длиной Х",
            SEED,
            (29, 29),
        ),
        Rule(
            "bh.522.1.spell",
            "A spell in constructor form cannot take a chain in which any ability has illegal targets; if no such "
            "chain exists, the spell cannot be declared.",
            "нельзя выбрать цепочку, где хотя бы одна из способностей имеет нелегальные цели",
            SEED,
            (31, 31),
        ),
        # ------------------------------------------------------------------ glossary
        Rule(
            "bh.vanguard",
            "Vanguard X (triggered): after this card is played you may play a creature with cost X or less from "
            "your hand for free; it gains Rush and returns to hand at the end of the turn. If you did, close this "
            "card. Gaining Vanguard Y removes Vanguard X.",
            "Авангард Х",
            SEED,
            (33, 33),
        ),
        Rule(
            "bh.free",
            "Free: played without payment; every modifier to that payment is not applied and is lost.",
            "Бесплатно",
            SEED,
            (35, 35),
        ),
        Rule(
            "bh.squad",
            "Taking a card into the squad: playing it from hand, summoning, resurrection, taking control, "
            "creating it. All five are one kind of event.",
            "Взять карту в отряд",
            SEED,
            (37, 37),
        ),
        Rule("bh.warrior", "Warrior: the same as hero-warrior.", "Воин; герой-воин", SEED, (39, 39)),
        Rule(
            "bh.action",
            "Action of a card: activated abilities that close the card as payment, an attack with a strike, "
            "assigning a defender.",
            "Действие (карты); атака ударом",
            SEED,
            (41, 41),
        ),
        Rule(
            "bh.protection",
            "Protection from [text]: a constant ability creating a replacement effect; the card receives no wounds "
            "from [text].",
            "Защита от [текст]; эффект замещения",
            SEED,
            (43, 43),
        ),
        Rule(
            "bh.protection.spell",
            "Protection from a spell is the exception: the card cannot be chosen as a target by the spell's owner.",
            "Карту с защитой от заклинания не может выбрать целью владелец заклинания",
            SEED,
            (43, 43),
        ),
        Rule("bh.mage", "Mage: the same as hero-mage.", "Маг; герой-маг", SEED, (45, 45)),
        Rule(
            "bh.create",
            "Create X: put card X into play from the supply; it does not come from your deck.",
            "Создайте Х",
            SEED,
            (49, 49),
        ),
        Rule(
            "bh.created",
            "Created: a card brought into play by Create; after the game, created cards are cleared from the deck.",
            "Созданный",
            SEED,
            (51, 51),
        ),
        # --------------------------------------------------------------- assumptions
        _a(
            "bh.assume.game",
            "The fragment is from the rules of Berserk: Heroes (Берсерк. Герои); this rulebook runs it on a "
            "minimal duel: two players, one hero each.",
            "Берсерк. Герои",
            outside=True,
            fixed="the frame of the game (two players, a hero each), not a reading of any rule the fragment gives",
        ),
        _a(
            "bh.assume.turn",
            "A turn: open your coins and cards, then the accumulation phase (gain a coin, draw a card), then the "
            "main phase (play a card, use an activated ability, attack with a strike, or pass), then the end of "
            "the turn. Players alternate, player 0 first.",
            "фаза накопления; конец хода",
            (5, 7),
            outside=True,
            fixed="the fragment names the accumulation phase (L5) but gives no turn; this is the frame every rule and "
            "scenario here is played in, and which hero moves first is set by seating it (options hero0, hero1)",
        ),
        _a(
            "bh.assume.setup",
            "Set-up: each player has a hero (hero-warrior or hero-mage) with 20 life (option hero_life), a shuffled "
            "deck of two copies of each non-hero card of the rulebook's own catalogue (option decks names other cards, "
            "those of a card folder added by with_cards among them), 4 cards in hand (option starting_hand), no "
            "coins in play (option starting_coins) and 20 coins in the coin supply (option coin_supply).",
            "запас монет",
            (3, 3),
            outside=True,
            option="starting_coins, coin_supply, starting_hand, hero_life, decks",
        ),
        _a(
            "bh.assume.draw",
            "Drawing takes the top card of the deck (a chance outcome, weighted by what is left); an empty deck "
            "gives nothing and costs nothing.",
            outside=True,
            fixed="the fragment gives no penalty for an empty deck; a loss for it was rejected (bh.assume.stalemate): "
            "it would end every scenario, none of which has a deck, at its first draw",
        ),
        _a(
            "bh.assume.payment",
            "Paying a cost of N closes N open coins in the play zone; closed coins stay there (paying is not losing) "
            "and open at the start of their owner's turn. Option pay_with says which coins are closed first.",
            "оплаты",
            (1, 1),
            outside=True,
            option="pay_with",
        ),
        _a(
            "bh.assume.temporary_limit",
            "Temporary coins are in the play zone, so by the letter they count toward the 10 coins of the "
            "accumulation phase (option temporary_coins_count_for_limit).",
            "меньше 10 монет в игровой зоне",
            (5, 7),
            option="temporary_coins_count_for_limit",
        ),
        _a(
            "bh.assume.temporary_gain",
            "Receiving a temporary coin is a gain (a gain_coin event); only its return is not a loss (option "
            "temporary_gain_is_gain). A temporary coin that was spent (closed) still returns.",
            "временные монеты",
            (7, 7),
            option="temporary_gain_is_gain",
        ),
        _a(
            "bh.assume.rounding",
            "Division rounds down (option division_rounding: down, up or nearest), at the end of the division step.",
            "Модификаторы, делящее значение",
            (21, 21),
            option="division_rounding",
        ),
        _a(
            "bh.assume.values",
            "The numeric values under 521.1 are a card's cost, strike and life. Dealing wounds is not a modifier: "
            "wounds are counters, compared with life.",
            "числовых значений",
            (13, 13),
            fixed="a definition of the words of 521.1; wounds as counters compared with life give the same deaths as "
            "life lowered by wounds",
        ),
        _a(
            "bh.assume.combat",
            "Attack with a strike: an open creature of the active player that has been in play since the start of "
            "the turn (or has Rush) closes and wounds the enemy hero or an enemy creature by its strike; an "
            "attacked creature strikes back at the same time. No defenders are assigned in this skeleton. The "
            "same readiness is needed for any action of a card (L41), such as an ability that closes it. L41 "
            "names 'assigning a defender' among the actions of a card, without its rule: with option defenders "
            "the attacked player may close an open creature to take the attack instead. The default assigns "
            "none, since the fragment never says who may defend, when, or against what.",
            "атака ударом",
            (41, 41),
            outside=True,
            option="defenders",
        ),
        _a(
            "bh.assume.rush",
            "Rush (Рывок, used but not defined in the fragment): the creature may attack in the turn it was taken "
            "into the squad.",
            "Рывок",
            (33, 33),
            outside=True,
            fixed="L33 gives Rush to a creature played this turn that returns at the end of it: only 'may attack this "
            "turn' gives Rush a use there",
        ),
        _a(
            "bh.assume.death",
            "A creature or hero with at least as many wounds as its life dies (a state check); a creature goes to "
            "its owner's discard pile.",
            "раны",
            (43, 43),
            outside=True,
            fixed="the fragment gives no moment for deaths; checked after each resolution or only once the queue "
            "is empty, no card here can act on a creature between its lethal wound and its death but to wound it "
            "again or change a strike it will not use",
        ),
        _a(
            "bh.assume.win",
            "A player whose hero dies loses; if both heroes die together the game is a draw.",
            outside=True,
            fixed="the fragment has no end; a hero's death is the only one a game of heroes suggests, and when both "
            "die together neither has won",
        ),
        _a(
            "bh.assume.stalemate",
            "When both decks are empty and the two players, one after the other, each end a turn by passing "
            "without having done anything else in it, the game ends in a draw. Why: the fragment gives no end "
            "of the game at all, and the one assumed (bh.assume.win) needs a hero to die, so a game whose "
            "decks have run out with no creature left could only pass for ever. Once nothing can be drawn and "
            "both players decline to act, neither wants to change the position (as two passes in a row end a "
            "game of Go), and since no hero died nobody has won. Rejected: a loss for drawing from an empty "
            "deck (a penalty the text does not give, which would also end every scenario, none of which has a "
            "deck, at its first draw) and a turn limit (an arbitrary number). Option stalemate: draw (this), "
            "most_life (the hero with more life left wins; equal life is a draw) or off (no such end).",
            option="stalemate",
        ),
        _a(
            "bh.assume.close",
            "To close a card (or coin) is to turn it sideways (tap it); closed things open at the start of their "
            "controller's turn.",
            "закройте эту карту",
            ((33, 33), (41, 41)),
            outside=True,
            fixed="closing is turning a card sideways (L33, L41); the cards and coins open again at the start of the "
            "turn (bh.assume.turn), without which nothing could act twice",
        ),
        _a(
            "bh.assume.cards",
            "The fragment has no card list: the cards of this rulebook are invented to exercise the rules; a spell "
            "goes to the discard pile when declared and its effects wait in the queue.",
            "заклинание",
            (31, 31),
            fixed="the card data is this rulebook's content, not a reading of the rules",
        ),
        _a(
            "bh.assume.queue",
            "The queue (очередь) is first in, first out; it resolves after the current action or ability.",
            "очередь",
            (29, 31),
            fixed="L29 names the container a queue (очередь) whose items are done in the order the player gave, first "
            "to last: a stack or nesting would not be that queue",
        ),
        _a(
            "bh.assume.constructor_targets",
            "Targets of a chain are chosen while the chain is composed; an item whose target became illegal before "
            "it resolves does nothing.",
            "нелегальные цели",
            (29, 31),
            fixed="L31 forbids composing a chain with an item whose target is illegal, so targets are chosen with "
            "the chain; an item whose target has gone since can only do nothing",
        ),
        _a(
            "bh.assume.constructor_abilities",
            "For a constructor that is not a spell, an item without a legal target may be chosen and does nothing "
            "(option ability_chain_targets: may_fizzle or required).",
            "Если заклинание имеет вид конструктора",
            (31, 31),
            option="ability_chain_targets",
        ),
        _a(
            "bh.assume.vanguard",
            "Vanguard compares with X the cost the player would pay for the creature now: its cost after 521.1 "
            "with his one-shot payment modifiers (bh.assume.discount), the same number the main phase offers and "
            "pays, so a creature offered 'for 2' is one Vanguard 2 may play; the free play then loses those "
            "modifiers (L35). Option vanguard_cost: current (this) or printed (the printed cost alone). The "
            "creature returns at the end of the turn only if it is still in its controller's squad.",
            "стоимостью Х или менее",
            ((33, 33), (35, 35)),
            option="vanguard_cost",
        ),
        _a(
            "bh.assume.discount",
            "A one-shot cost reduction ('the next creature you play this turn costs N less') is a subtracting "
            "modifier of that payment (521.1), counted wherever the cost to pay is read (the offer, the payment, "
            "Vanguard's 'cost X or less'); a free play loses it all the same.",
            "модификаторы к оплате",
            (35, 35),
            fixed="L35 calls it a payment modifier, so 521.1 applies; where Vanguard reads the cost is option "
            "vanguard_cost (bh.assume.vanguard)",
        ),
        _a(
            "bh.assume.protection",
            "[text] in Protection from [text] names a card type (creature, spell, hero) or a tag of the wounding "
            "card. Protection from spells forbids targeting by any spell (any player owning a spell); wounds from "
            "a spell that does not target the card would still be received.",
            "Защита от [текст]",
            (43, 43),
            fixed="every spell here that wounds targets, and no spell may target the card, so whether protection "
            "from spells also stops a spell's wounds never arises: both readings of the exception play alike",
        ),
        _a(
            "bh.assume.created",
            "A created card is marked 'created'; it is removed from the game when the game ends (the deck is "
            "cleared of it).",
            "После окончания игры очистите свою колоду от созданных карт",
            (51, 51),
            fixed="clearing the deck happens after the game has ended, so it changes no game",
        ),
        _a(
            "bh.assume.hidden",
            "Hands are seen only by their owner, decks by nobody; deck cards get their identity only when they "
            "are drawn or summoned, so object ids do not reveal them.",
            outside=True,
            fixed="who may see what (a representation of hidden cards), not a rule of play",
        ),
    ]
)
