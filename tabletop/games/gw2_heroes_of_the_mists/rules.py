"""Rule references of Guild Wars 2 "Heroes of the Mists", citing 000_7fc8e0fd1bcbc422.txt by line (L103-L158).

The seed is a blog post translating the short v1.0 rules of a fan-made card game, with the blogger's glosses
(L120). Every gap of the text (the digest's section 11) is an assumption of its own, ``assumption=True``; those
from general knowledge rather than from the text are also ``outside_text=True``. Each names the option that
switches its reading (``option``), or says why no other reading would change an outcome (``fixed``).
"""

from tabletop.core import RuleTable
from tabletop.core.rules import Seed

SEED = "000_7fc8e0fd1bcbc422.txt"


_r, _a = Seed(SEED).rule, Seed(SEED).assumption  # (every rule cites SEED by line)


RULES = RuleTable(
    [
        # ------------------------------------------------------------ components (L106-L114, L147-L154)
        _r(
            "gw2.components",
            "Three card types: profession, skills and minions. Each player has a 40-card deck and 1 profession card.",
            "Итого всего три типа карт – профессия, умения и миньоны",
            (112, 112),
        ),
        _r(
            "gw2.profession",
            "The profession card is the hero; it is not part of the deck.",
            "Карта профессии не является частью колоды",
            ((106, 106), (113, 113)),
        ),
        _r(
            "gw2.deck",
            "The deck consists of 40 cards: 10 skill cards and 30 minions.",
            "Колода состоит из 40 карт (10 карт умений и 30 миньонов)",
            ((107, 107), (114, 114)),
        ),
        _r(
            "gw2.hero_health",
            "Each hero starts with 80 health.",
            "Каждый герой начинает с 80 единицами здоровья",
            (107, 107),
        ),
        _r(
            "gw2.skills",
            "Skill cards depend on the profession; 10 skill cards, two of each skill.",
            "Карты умений зависят от профессии ... вы должны взять по две каждого умения",
            (148, 148),
        ),
        _r(
            "gw2.rarity",
            "Minions are Basic (cheap, low efficiency), Exotic (medium cost, extra abilities, decent damage) or "
            "Legendary (expensive, big damage).",
            "Есть три вида редкости миньонов ... Basic ... Exotic ... Legendary",
            (150, 153),
        ),
        _r(
            "gw2.copies",
            "30 minion cards; up to two identical copies of each Basic or Exotic card, only 1 of each Legendary.",
            "до двух одинаковых из кадждых Basic или Exotic карт ... только по 1 из каждых легендарных",
            (154, 154),
        ),
        # ------------------------------------------------------------ opening and stamina (L108, L115-L118, L124)
        _r(
            "gw2.opening",
            "Begin by drawing three cards from the top of the deck; at the start you may replace any of them with "
            "new ones from the top of the deck, then shuffle the deck.",
            "вытаскиваете три карты сверху колоды ... можете заменить любые из этих карт новыми ... "
            "перемешайте колоду после замены",
            (116, 116),
        ),
        _r(
            "gw2.turn_start",
            "At the start of each turn you draw one card and get 1 unit of stamina.",
            "На старте каждого хода, вы вытаскиваете одну карту и получаете 1 единицу выносливости",
            ((108, 108), (115, 115), (117, 117)),
        ),
        _r(
            "gw2.stamina",
            "Cards have a stamina (выносливость) cost; you start the first turn with 1 stamina and get an additional "
            "one each turn up to a maximum of 20; the player who starts second starts with 2.",
            "Вы начинаете первый ход с 1 выносливостью и получаете по дополнительной каждый ход до максимума в 20",
            ((118, 118), (124, 124)),
        ),
        _r(
            "gw2.play",
            "To put a skill or a minion on the table you must spend stamina.",
            "Чтобы выложить умение или миньона на стол, требуется потратить выносливость",
            ((108, 108), (115, 115)),
        ),
        # ------------------------------------------------------------ the table (L119-L130)
        _r(
            "gw2.inactive",
            "A summoned card lies horizontally, inactive; at the end of your turn the cards are turned and activated.",
            "она должна лежать горизонтально, так как она не активна. В конце вашего хода, карты ... активируются",
            (119, 119),
        ),
        _r(
            "gw2.attack",
            "Outgoing damage is shown at the top of the card. You can attack any card or the opponent's hero, dealing "
            "damage to that card or hero.",
            "Вы можете атаковать любую карту, или героя противника",
            (129, 129),
        ),
        _r(
            "gw2.hero_safe",
            "You (as the hero) take no damage when you attack a card.",
            "Вы (как герой) не получаете урона, когда атакуете карту",
            (129, 129),
        ),
        _r(
            "gw2.counter",
            "When you attack with a card, damage is dealt to that card's health (the blogger: counter-damage).",
            "урон наносится здоровью этой карты (видимо имеется в виду ответный урон)",
            (120, 120),
        ),
        _r(
            "gw2.after_damage",
            "Conditions applied by a card's attack are applied after the damage is dealt, not before.",
            "Любые состояния, накладываемые атакой карты накладываются после нанесения урона",
            ((121, 121), (138, 138)),
        ),
        _r(
            "gw2.tokens",
            "Damage dealt to a minion or a hero is marked with damage tokens; boons and conditions with their tokens.",
            "Любой урон нанесенный миньону или герою должен быть отмечен значком урона",
            ((126, 126), (130, 130), (136, 136), (142, 142)),
        ),
        _r(
            "gw2.death",
            "When a minion dies (0 health) it goes to the discard.",
            "Когда миньон погибает (0 здоровья), он отправляется в сброс",
            (127, 127),
        ),
        _r(
            "gw2.win",
            "The first hero that has received 80 damage loses; the first to kill the opponent wins.",
            "Первый герой получивший 80 урона проиграет",
            ((109, 109), (122, 122), (126, 126)),
        ),
        # ------------------------------------------------------------ boons (L131-L136)
        _r(
            "gw2.boons",
            "There are 3 boons (буны): Might, Protection and Aegis.",
            "В игре есть 3 вида бунов Might, Protection и Aegis",
            (132, 132),
        ),
        _r(
            "gw2.aegis",
            "Aegis blocks the next attack; with several stacks you block several attacks.",
            "Блокирует следующую атаку, если у вас несколько стеков, вы блокируете несколько атак",
            (133, 133),
        ),
        _r("gw2.might", "Might: +1 to damage for each stack.", "За каждый стек того буна – +1 к урону", (134, 134)),
        _r(
            "gw2.protection",
            "Protection: you take half of incoming damage; it does not stack and is removed if damage is received; "
            "1 unit of damage equals 0.",
            "Вы получаете половину входящего урона, Этот бун не объединяется и снимается если получен урон",
            (135, 135),
        ),
        # ------------------------------------------------------------ conditions (L137-L142)
        _r(
            "gw2.conditions",
            "There are 3 conditions (состояния): Blind, Vulnerability and Weakness.",
            "В игре есть 3 состояния – Blind, Vulnerability и Weakness",
            (138, 138),
        ),
        _r(
            "gw2.vulnerability",
            "Vulnerability: the victim takes double damage, only until the next attack that gets through to it; "
            "does not stack.",
            "Жертва получает двойной урон, Действует только до следующей атаки которая по вам проходит",
            (139, 139),
        ),
        _r(
            "gw2.weakness",
            "Weakness: you deal half damage, only until the next attack that gets through to you; does not stack.",
            "Вы наносите половинный урон, Действует только до следующей атаки которая по вам проходит",
            (140, 140),
        ),
        _r(
            "gw2.blind",
            "Blind: a card that has received blindness cannot attack for one turn; blindness stacks, so a card can "
            "skip several turns.",
            "не может атаковать в течении одного хода. Слепота объединяется",
            (141, 141),
        ),
        # ------------------------------------------------------------ Taunt and Fury (L143-L146)
        _r(
            "gw2.taunt",
            "Taunt (насмешка): the card MUST be attacked until it is defeated or the taunt is removed; it is neither "
            "a boon nor a condition.",
            "карту ДОЛЖНЫ атаковать пока она не будет повержена или насмешка не будет снята",
            (144, 144),
        ),
        _r(
            "gw2.fury",
            "Fury (ярость) lets a card attack at once, on the turn it is summoned, without waiting to activate.",
            "Ярость позволяет атаковать сразу же, не ожидая активации карты",
            (146, 146),
        ),
        # ------------------------------------------------------------ assumptions (digest section 11)
        _a(
            "gw2.assume.stamina",
            "Stamina is an allowance refilled each turn (1 on the first player's first turn, 2 on the second's, one "
            "more each turn, at most 20; what is unspent is lost); option stamina 'pool' reads L108/L117 as a pool "
            "that carries over, gaining 1 a turn up to 20 (the second player starting with 1 more).",
            ((108, 108), (117, 118), (124, 124)),
            option="stamina",
        ),
        _a(
            "gw2.assume.counter",
            "The counter-damage of L120 is the attacked minion's own damage (its Might, Weakness and the attacker's "
            "Vulnerability and Protection counted as for an attack); option counter 'printed' deals its printed "
            "damage, 'none' none. A hero deals none (it has no damage value). Counter-damage is not an attack: Aegis "
            "does not block it and it clears no Vulnerability or Weakness, but Vulnerability doubles it and "
            "Protection halves it (they are about damage taken).",
            (120, 120),
            option="counter",
        ),
        _a(
            "gw2.assume.damage_order",
            "An attack's damage: the printed damage plus Might (L134), then the attacker's Weakness halves (L140), "
            "rounded down, then the target's Vulnerability doubles and Protection halves (L139, L135), rounded down "
            "('1 unit of damage equals 0'). Option might 'last' adds Might after the factors; option rounding 'end' "
            "rounds only once, at the end.",
            ((134, 135), (139, 140)),
            option="might, rounding",
        ),
        _a(
            "gw2.assume.blocked",
            "An attack Aegis blocks (L133) does not 'get through', so it clears no Vulnerability or Weakness (L139, "
            "L140); option blocked_gets_through clears them. A blocked attack deals no damage, takes no "
            "counter-damage and applies no condition.",
            ((133, 133), (139, 140)),
            option="blocked_gets_through",
        ),
        _a(
            "gw2.assume.weakness",
            "Weakness ends, as written, at the next attack that gets through to its holder (L140); option "
            "weakness_ends 'own_attack' ends it at the holder's next attack instead.",
            (140, 140),
            option="weakness_ends",
        ),
        _a(
            "gw2.assume.protection",
            "Protection is removed only by damage actually received, more than 0 (L135); option "
            "zero_removes_protection removes it when a hit is halved to 0 too.",
            (135, 135),
            option="zero_removes_protection",
        ),
        _a(
            "gw2.assume.blind",
            "Blind's 'one turn' is a turn of the holder's player: a stack ends at the end of each of his turns, not "
            "the one it was gained in; option blind_countdown 'every_turn' ends a stack at the end of every turn "
            "after the one it was gained in.",
            (141, 141),
            option="blind_countdown",
        ),
        _a(
            "gw2.assume.taunts",
            "With several Taunt cards the attacker may choose any of them (L144); option taunts 'oldest' must attack "
            "the one summoned first. Taunt shields the hero too.",
            (144, 144),
            option="taunts",
        ),
        _a(
            "gw2.assume.attacks",
            "An active minion attacks once per turn (option attacks_per_turn); a hero does not attack.",
            (129, 129),
            option="attacks_per_turn",
        ),
        _a(
            "gw2.assume.first_player",
            "How the first player is chosen is not described: player 0 (option first_player).",
            (118, 118),
            option="first_player",
        ),
        _a(
            "gw2.assume.opening",
            "The replaced opening cards go back into the deck before it is shuffled; each player replaces in turn, "
            "the first player first.",
            (116, 116),
            fixed="the deck's order is hidden and drawn as chance, so who replaces first changes no outcome's odds",
        ),
        _a(
            "gw2.assume.skills",
            "A skill card resolves at once when played (its effect is the card's, invented) and goes to the discard. "
            "A skill's damage is an attack of its hero (Aegis blocks it, the hero takes no counter-damage, L129); "
            "its target is any card or hero of its side, Taunt binding only the attacks of cards.",
            ((108, 108), (129, 129), (147, 148)),
            fixed="no skill of this catalogue lasts on the table, so keeping it there would change nothing",
        ),
        _a(
            "gw2.assume.five_skills",
            "L148's 'only 5 profession cards' is read as 5 skill cards per profession, two of each making the 10 of "
            "L114; how many professions there are is not given (this catalogue has two).",
            ((114, 114), (148, 148)),
            fixed="the deck holds 10 skill cards in either reading (L114), two of each of five",
        ),
        _a(
            "gw2.assume.durations",
            "The text gives Might no duration: it lasts while its card is in play (option might_lasts 'turn': to the "
            "end of its holder's player's turn). Aegis lasts until spent (L133).",
            ((133, 134),),
            option="might_lasts",
        ),
        _a(
            "gw2.assume.empty_deck",
            "A player whose deck is empty draws nothing (option empty_deck 'lose': he loses when he cannot draw).",
            (117, 117),
            option="empty_deck",
        ),
        _a(
            "gw2.assume.stalemate",
            "Once no card is left in a deck or a hand and no minion on a table could deal damage to the opposing "
            "hero, nobody can reach 80 damage (L126): the game ends in a draw (outside the text; with option "
            "empty_deck 'lose' it ends before).",
            ((122, 122), (126, 126)),
            outside=True,
            fixed="the game could only go on with nothing happening: no outcome the text defines is lost",
        ),
        _a(
            "gw2.assume.limits",
            "No hand or table limit is given and none is applied; Might stacks up to 25, Aegis and Blind without "
            "limit (the MMO's 25 Might, outside the text).",
            ((133, 134), (141, 141)),
            outside=True,
            fixed="no card of this catalogue gives more than 3 stacks at once, so no random game nears a limit",
        ),
        _a(
            "gw2.assume.conditions_on_death",
            "A condition is not applied to a card the attack's damage has killed (it has gone to the discard).",
            ((121, 121), (127, 127)),
            fixed="a card in the discard never returns, so a condition on it could change nothing",
        ),
        _a(
            "gw2.assume.cards",
            "The cards are invented (the post links them but gives none): two professions (Guardian, Necromancer) "
            "of five skills each and twenty minions of the three rarities, and one deck of each profession.",
            ((147, 154), (156, 157)),
            outside=True,
            option="deck0, deck1",
        ),
    ]
)
