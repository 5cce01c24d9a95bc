"""Rule references of Nebozhiteli (Небожители), citing 003_d48e1762333e061a.txt by line.

The seed is a short Wikipedia article: components, zones and the turn with its combat (L31-L80). Every
gap of the text (the 18 ambiguities of the digest's section 11, and what the text does not give at all:
starting life, the first player, card data) is an assumption of its own, ``assumption=True``; those from
general knowledge rather than from the text are also ``outside_text=True``. Each names the option that
switches its reading (``option``), or says why no other reading would change an outcome (``fixed``).
"""

from tabletop.core import RuleTable
from tabletop.core.rules import Seed

SEED = "003_d48e1762333e061a.txt"


_r, _a = Seed(SEED).rule, Seed(SEED).assumption  # (every rule cites SEED by line)


RULES = RuleTable(
    [
        # ------------------------------------------------------------ components (L13-L32)
        _r(
            "nb.cards",
            "The cards are of two decks, the creature deck and the main deck; the main deck holds weapons, armour, "
            "scrolls, potions, artefacts and events.",
            "Карты делятся на две колоды: колода существ и основная колода",
            (13, 20),
        ),
        _r(
            "nb.types",
            "Creatures have races and classes; weapons are of 7 types (daggers, staves, stunning, swords, "
            "two-handed, axes, ranged); armour of 5 (robes, light, medium, heavy, shields), amulets counting as "
            "armour; scrolls have 4 colours and 3 levels.",
            "Оружие делится на типы; Доспехи разделюятся на следующие типы; Также к доспехам относят амулеты",
            (21, 21),
        ),
        _r(
            "nb.zones",
            "The table has a summoning field, a playing field, a battlefield, a graveyard, the players' hands and "
            "a place for the decks.",
            "Поле вызова; Игровое поле; Поле битвы; Кладбище; Рука игрока",
            (23, 29),
        ),
        _r(
            "nb.decks",
            "Each player has a creature deck of 16 cards and a main deck of 40, and counters (at least 36) for the "
            "lives of the player and of creatures.",
            "Колода существ для базового формата дуэли состоит из 16 карт, Основная колода - из 40 карт",
            (32, 32),
        ),
        _r(
            "nb.counters",
            "Counters count the lives of the player and of the creatures.",
            "Фишки для подсчёта жизней игрока и существ",
            (32, 32),
        ),
        # ------------------------------------------------------------ the start of the turn (L31-L36)
        _r(
            "nb.turn",
            "The game is played in turns, the players taking the right to move in turn; each turn has phases.",
            "Игроки получают право хода по очереди. Каждый ход разделяется на несколько фаз",
            (31, 31),
        ),
        _r(
            "nb.active",
            "At the start of a turn one player becomes active, his opponent passive.",
            "Один игрок становится активным, а его противник – пассивным",
            (35, 35),
        ),
        _r(
            "nb.refill_field",
            "With fewer than five cards on his summoning field, the active player adds cards there from the "
            "creature deck.",
            "меньше пяти карт, он должен доложить туда карты из колоды существ",
            (35, 35),
        ),
        _r(
            "nb.refill_hand",
            "With fewer than seven cards in hand, the active player draws up to seven from the main deck.",
            "меньше семи карт, он должен добирать до семи карты из основной колоды",
            (35, 35),
        ),
        _r(
            "nb.deck_out",
            "An active player who has run out of cards in the creature deck or in the main deck loses.",
            "закончились карты в колоде существ или в основной колоде, то он проигрывает",
            (35, 35),
        ),
        _r("nb.actions", "The active player gets 4 actions.", "Активный игрок получает 4 действия", (36, 36)),
        _r(
            "nb.start_abilities",
            "Every ability 'At the start of your turn...' happens.",
            "Происходят все способности со свойствами «В начале вашего хода…»",
            (36, 36),
        ),
        _r(
            "nb.untap",
            "All turned creatures of the active player on the playing field are turned back.",
            "Все повернутые существа активного игрока на игровом поле разворачиваются",
            (36, 36),
        ),
        # ------------------------------------------------------------ summoning (L38-L42)
        _r(
            "nb.summon_mana",
            "In the summoning phase the active player may spend any number of actions, each putting one mana on a "
            "creature of his summoning field.",
            "потратить любое количество действий на то, чтобы положить соответствующее количество маны",
            (39, 39),
        ),
        _r(
            "nb.summoned",
            "When the mana on a creature equals its summoning cost, it is summoned: turned face up and moved to "
            "the playing field under its player's control (it enters play).",
            "количество маны на существе становится равным стоимости его вызова; существо считается вызванным",
            (39, 39),
        ),
        _r(
            "nb.lives",
            "The mana spent stays on the creature as the counter of its lives.",
            "Потраченные фишки маны остаются на существе и выполняют роль счетчика его жизней",
            (40, 40),
        ),
        _r(
            "nb.L40",
            "As soon as a creature has fewer than one life, it dies and goes to the grave (the 'as soon as' reading "
            "of death: option death_check).",
            "Как только количество жизней на существе становится меньше единицы, существо умирает",
            (40, 40),
        ),
        _r(
            "nb.sickness",
            "A just-summoned creature cannot attack or use activated abilities until its player's next turn, but "
            "may be equipped.",
            "Только что вызванное существо не может атаковать и применять активируемые способности",
            (41, 41),
        ),
        _r(
            "nb.readiness",
            "Combat readiness: a creature with it may attack at once.",
            "Боеготовность; Такие существа могут атаковать сразу",
            (41, 41),
        ),
        _r(
            "nb.strength",
            "An unarmed creature's attack strength is one; an armed creature's is its weapon's.",
            "Сила атаки любого безоружного существа равна единице",
            (42, 42),
        ),
        # ------------------------------------------------------------ equipment (L43-L50)
        _r(
            "nb.equip",
            "In the equipment phase the active player may equip his creatures on the playing field with weapons, "
            "armour and amulets, spending a certain number of actions.",
            "экипировать оружием, доспехами и амулетами своих существ; потратить определенное количество действий",
            (44, 44),
        ),
        _r(
            "nb.equip_types",
            "A creature may use only the weapon and armour types its card names.",
            "Каждое существо может использовать только определенные типы оружия и доспехов",
            (45, 45),
        ),
        _r(
            "nb.one_per_type",
            "Only one item of each type may be put on a creature: one armour, one amulet, one weapon.",
            "на существо можно надеть только один предмет каждого типа",
            (46, 46),
        ),
        _r(
            "nb.shield",
            "A shield may be worn with another armour, but not with a two-handed or ranged weapon.",
            "Исключение составляет щит; Нельзя использовать щит вместе с двуручным или стрелковым оружием",
            (46, 46),
        ),
        _r(
            "nb.equip_phase",
            "Equipping happens only in the equipment phase; the item lies on the creature, which becomes its owner.",
            "Любая экипировка происходит только в фазу экипировки; Существо становится владельцем данного предмета",
            (47, 47),
        ),
        _r(
            "nb.items_back",
            "When a creature dies its items return to the player's hand; an item removed returns there too.",
            "Когда существо умирает, все экипированные предметы возвращаются в руку игроку",
            (48, 48),
        ),
        _r(
            "nb.remove",
            "To remove items the player turns the creature; then he may take any number of its items into hand.",
            "Чтобы снять предмет, игрок должн повернуть существо",
            (49, 49),
        ),
        _r(
            "nb.cursed",
            "Cursed items cannot be removed; they come off only when the creature dies.",
            "Проклятые предметы не могут быть сняты",
            (50, 50),
        ),
        # ------------------------------------------------------------ ranged attacks (L52-L55)
        _r(
            "nb.ranged",
            "The ranged and throwing weapon attack phase goes like the attack phase, but a ranged attack is not "
            "blocked and its target is always a creature, never the player.",
            "стрелковая атака не блокируется, а целью стрелковой атаки всегда является существо",
            (52, 53),
        ),
        _r(
            "nb.ranged_damage",
            "The ranged attack has its own phase of damage counting and removal of dead creatures.",
            "Фаза подсчета повреждений и удаления мертвых существ",
            (54, 55),
        ),
        # ------------------------------------------------------------ the attack (L57-L66)
        _r(
            "nb.attackers",
            "The active player chooses which of his unturned creatures attack and turns them.",
            "какие из ваших неповернутых существ пойдут в атаку, и поворачивает их",
            (58, 58),
        ),
        _r(
            "nb.turn_once",
            "Turning marks a card used this turn, once: an attacker turned cannot also turn for an ability.",
            "Поворот является сигналом, что игрок использовал карту в этот ход",
            (59, 59),
        ),
        _r(
            "nb.at_once",
            "All attackers are declared at once: no attacker is added in any other phase.",
            "Все атакующие существа объявляются одновременно",
            (60, 60),
        ),
        _r(
            "nb.target_player",
            "An attack's target is not chosen: it is always the player (ranged and throwing attacks aside).",
            "Нельзя указывать цель атаки, ею всегда является игрок",
            (61, 61),
        ),
        _r(
            "nb.blockers",
            "After the attackers, the passive player declares blockers; a blocker takes the attacker's blow and "
            "strikes back.",
            "пассивный игрок, объявляет блокирующих; нанесет удар в ответ",
            (63, 64),
        ),
        _r(
            "nb.block_untapped",
            "Only an unturned creature blocks, and blocking does not turn it (it may turn later for an ability).",
            "Блокировать можно только неповернутым существом, при блокировке существо не поворачивается",
            (65, 65),
        ),
        _r(
            "nb.block_one",
            "One creature cannot block several, but several creatures can block one.",
            "Одно существо не может блокировать несколько существ, но несколько существ могут блокировать одно",
            (65, 65),
        ),
        _r(
            "nb.blocked",
            "A creature with a blocker assigned is blocked and does not strike the player, whatever happens to "
            "the blocker.",
            "Существо считается заблокированным и не наносит удар по игроку",
            (66, 66),
        ),
        # ------------------------------------------------------------ damage (L68-L76)
        _r(
            "nb.simultaneous",
            "A blocked attacker and its blockers deal damage to each other simultaneously.",
            "наносят повреждения друг другу одновременно",
            (68, 68),
        ),
        _r(
            "nb.first_strike",
            "First strike: such a creature deals its damage first, and an enemy that dies of it deals none back.",
            "свойство первого удара; наносят повреждения первыми",
            (68, 68),
        ),
        _r(
            "nb.damage_types",
            "Damage is physical or other (fire, magic, ...); weapons usually deal physical, magic other; physical "
            "unless stated.",
            "Повреждения бывают двух типов: физические и остальные",
            (69, 69),
        ),
        _r(
            "nb.sources",
            "One weapon (or an unarmed creature) is one source of damage.",
            "Одно оружие (или существо – если оно без оружия) считается одним источником повреждений",
            (70, 70),
        ),
        _r(
            "nb.armour",
            "Armour reduces damage, counted separately for each source of damage.",
            "Доспехи снижают повреждения, для каждого источника повреждений действие доспехов считается отдельно",
            (71, 71),
        ),
        _r(
            "nb.redistribute",
            "An attacker blocked by two or more creatures: its owner splits its damage among the blockers as he likes.",
            "владелец атакующего существа может перераспределить его повреждения любым образом",
            (72, 72),
        ),
        _r(
            "nb.life_loss",
            "Loss of life is not damage: armour and other damage reduction do not prevent it.",
            "Потеря жизни; не является повреждениями",
            (73, 73),
        ),
        _r(
            "nb.player_damage",
            "An unblocked attacker deals all its damage to the player, who loses as much mana.",
            "Незаблокированное атакующее существо наносит все повреждения игроку; игрок теряет столько единиц маны",
            (74, 74),
        ),
        _r(
            "nb.not_creature",
            "A player is not a creature: 'when it deals damage to a creature' (a vampire restoring as much life) "
            "does not work on damage dealt to a player.",
            "Игрок не является существом; вампир",
            (75, 75),
        ),
        _r(
            "nb.L76",
            "During any phase the damage dealt to a creature and the life restored to it are summed; a creature "
            "with fewer than one life at the end of the phase dies and goes to the grave.",
            "все повреждения, нанесенные существу, а так же восстановление жизни этого существа суммируется",
            (76, 76),
        ),
        # ------------------------------------------------------------ the end of the turn (L78-L80)
        _r(
            "nb.end_window",
            "In the end-of-turn phase the active and passive players have the last chance to use magic and "
            "activated abilities this turn.",
            "последний шанс применить магию и активируемые способности",
            (78, 78),
        ),
        _r(
            "nb.discard",
            "At the end of the turn the active player may discard one card, not a creature card, to the grave.",
            "может сбросить одну любую карту (кроме карт существ) с руки в могилу",
            (79, 79),
        ),
        _r("nb.pass_turn", "The turn passes to the opponent.", "Ход переходит к его противнику", (80, 80)),
        # ------------------------------------------------------------ section 11: the ambiguities
        _a(
            "nb.assume.deck_out",
            "'Has run out of cards' (L35) is read after the refills: empty_after_refill (default) makes an active "
            "player whose creature deck or main deck is empty once the refills are done lose; refill_incomplete "
            "makes him lose only when a refill needed a card that deck no longer had.",
            (35, 35),
            option="deck_out",
        ),
        _a(
            "nb.assume.death",
            "Damage and healing are summed over the phase and death is checked at its end (L76, the specific rule), "
            "not 'as soon as' (L40); option death_check as_soon_as applies each amount at once and checks after "
            "each event.",
            ((40, 40), (76, 76)),
            option="death_check",
        ),
        _a(
            "nb.assume.loss_summed",
            "Loss of life (L73) is summed in the phase's ledger like damage (option loss_summed); off, it takes "
            "lives at once and a creature it leaves below one life dies at once (L40), while the summed damage "
            "and healing wait for the phase's end (L76).",
            ((40, 40), (73, 73), (76, 76)),
            option="loss_summed",
        ),
        _a(
            "nb.assume.first_strike",
            "First strike (L68) needs a death check between the first-strike damage and the regular damage: the "
            "ledger settles and the checks run there (option first_strike_check). Two first strikers deal their "
            "damage together in the first step; nothing is played between the two steps.",
            ((68, 68), (76, 76)),
            option="first_strike_check",
        ),
        _a(
            "nb.assume.armour",
            "Armour is a printed number taken from each source's damage with a floor of 0 per source (L71); it "
            "reduces physical damage only (option armour_vs_other), and an amulet's number counts (option "
            "amulet_armour).",
            ((69, 69), (71, 71)),
            option="armour_vs_other, amulet_armour",
        ),
        _a(
            "nb.assume.redistribute",
            "All of a blocked attacker's damage is assigned among its blockers, in any split including 0 to some "
            "(option split_zero: off, each blocker gets at least one while the damage allows); first strike works "
            "against every blocker in the first step.",
            (72, 72),
            option="split_zero",
        ),
        _a(
            "nb.assume.blocker_source",
            "Each blocker is a source of its own (L70), so the attacker's armour is counted against each blocker.",
            ((70, 71)),
            fixed="L70 makes every unarmed creature or weapon one source, so a blocker is one source in any reading",
        ),
        _a(
            "nb.assume.mana_source",
            "The mana put on summoning-field creatures (L39) comes from the counter supply, not from the player's "
            "own mana (option mana_from: player takes each counter from the player's mana, never his last).",
            ((39, 39), (74, 74)),
            option="mana_from",
        ),
        _a(
            "nb.assume.starting_mana",
            "Each player starts with 20 mana, his life (option starting_mana); the text gives no number.",
            (74, 74),
            outside=True,
            option="starting_mana",
        ),
        _a(
            "nb.assume.actions",
            "Actions left at the end of a turn are lost (option actions_carry keeps them for the next); equipping "
            "costs the actions printed on the item (invented numbers); magic and activated abilities cost no "
            "actions, since the passive player has none (L36) yet may use them (L78).",
            ((36, 36), (44, 44), (78, 78)),
            option="actions_carry",
        ),
        _a(
            "nb.assume.readiness",
            "Combat readiness lets a creature attack at once, not use activated abilities at once (option "
            "readiness_abilities lets it do both).",
            (41, 41),
            option="readiness_abilities",
        ),
        _a(
            "nb.assume.two_weapons",
            "A creature holds at most one weapon (L46 'usually'); two weapons as two sources (L70) and stunning "
            "weapons have no rule and no card here.",
            ((46, 46), (70, 70)),
            fixed="no card of this catalogue lets a creature hold a second weapon or stun, so no game reaches them",
        ),
        _a(
            "nb.assume.ranged",
            "The active player declares the ranged attacks: each of his creatures that may attack, with a ranged or "
            "throwing weapon, shoots one enemy creature on the playing field (not the summoning field: those have "
            "not entered play); the shot turns it and is not answered. A thrown weapon stays on the creature (option "
            "thrown_weapon: it goes to the grave).",
            ((52, 53), (61, 61)),
            option="thrown_weapon",
        ),
        _a(
            "nb.assume.blocker_gone",
            "An attacker whose blockers have all left play stays blocked and deals its damage to nobody.",
            (66, 66),
            fixed="L66 says the attacker is blocked whatever happens to the blocker, so no reading strikes the player",
        ),
        _a(
            "nb.assume.magic",
            "Magic is the scrolls, potions and events of the main deck; it is used, as are activated abilities, in "
            "the end-of-turn goes of both players (L78), from the active player, until both pass in succession.",
            ((15, 20), (78, 78)),
            fixed="the text gives magic no other time and no priority rule, so no other timing can be played from it",
        ),
        _a(
            "nb.assume.healing_cap",
            "Restored life may take a creature above its summoning cost (option healing_cap: cost caps it there).",
            ((40, 40), (76, 76)),
            option="healing_cap",
        ),
        _a(
            "nb.assume.items_hand",
            "The items of a creature that dies, or that are removed, go to the hand of the creature's player.",
            ((47, 48)),
            fixed="no card here changes control, so the creature's player is always the items' owner too",
        ),
        _a(
            "nb.assume.battlefield",
            "The battlefield (L26) is named only: nothing is put there.",
            (26, 26),
            fixed="no rule of the text uses the battlefield, so nothing can be put there by any reading",
        ),
        _a(
            "nb.assume.creature_cards",
            "Creature cards are never in hand: the creature deck fills the summoning field only (L35), so L79's "
            "exception never arises.",
            ((35, 35), (79, 79)),
            fixed="no rule puts a creature card into a hand, so the exception of L79 is never met",
        ),
        _a(
            "nb.assume.win",
            "A player with no mana left (fewer than one) loses, checked with the deaths (option mana_loss_loses: "
            "off, only running out of cards ends the game).",
            ((35, 35), (74, 74)),
            outside=True,
            option="mana_loss_loses",
        ),
        # ------------------------------------------------------------ outside the text
        _a(
            "nb.assume.first_player",
            "Player 0 takes the first turn (option first_player).",
            (31, 31),
            outside=True,
            option="first_player",
        ),
        _a(
            "nb.assume.game",
            "A game here is one game (партия) of two players; the duel of two won games (L9) is a series of them, "
            "and the additional set (L32) is not used.",
            ((9, 9), (32, 32)),
            term="партия",
            fixed="a series of games and a sideboard between them change no rule inside a game",
        ),
        _a(
            "nb.assume.shuffle",
            "Both decks are shuffled: their order is hidden from everyone and each card drawn is a chance outcome "
            "weighted by what is left; cards on the summoning field lie face down, seen by their owner only.",
            ((35, 35), (39, 39)),
            outside=True,
            fixed="who may see a face-down card changes what a player knows, never what a rule does",
        ),
        _a(
            "nb.assume.cards",
            "The cards are invented (the text gives none), each marked invented; two decks of them are legal by "
            "L32 (option deck0, deck1). No artefact is among them: L19 names artefacts but gives them no rule.",
            ((19, 19), (32, 32)),
            outside=True,
            option="deck0, deck1",
        ),
    ]
)
