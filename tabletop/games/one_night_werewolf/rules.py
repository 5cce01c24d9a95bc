"""Rule references of One Night Ultimate Werewolf, citing 000_7fc8e0fd1bcbc422.txt by line."""

from tabletop.core import Rule, RuleTable

SEED = "000_7fc8e0fd1bcbc422.txt"


def _r(rid: str, text: str, term: str, a: int | tuple[tuple[int, int], ...], b: int | None = None, **kw) -> Rule:
    """Lines ``a`` to ``b`` (``b`` defaults to ``a``), or ``a`` a tuple of ranges for places apart."""
    return Rule(rid, text, term, SEED, a if isinstance(a, tuple) else (a, a if b is None else b), **kw)


RULES = RuleTable(
    [
        _r("onw.players", "3-10 players.", "Количество игроков: 3-10", 164),
        _r(
            "onw.components",
            "16 role cards: 3 Villagers, 2 Werewolves, 2 Masons and one each of Seer, Robber, Troublemaker, "
            "Tanner, Drunk, Hunter, Insomniac, Minion, Doppelganger.",
            "16 ролевых карт",
            167,
            168,
        ),
        _r(
            "onw.basic_set",
            "Basic set: 3 players use 2 Werewolves, Seer, Robber, Troublemaker, 1 Villager; 4 players add 1 "
            "Villager; 5 players add 2 Villagers.",
            "Для 3 игроков используйте 2 оборотня, провидца, грабителя, нарушителя спокойствия и 1 крестьянина",
            170,
            173,
        ),
        _r(
            "onw.three_more",
            "There are always 3 more role cards in play than players.",
            "всегда должно быть на 3 ролевых карты больше, чем игроков",
            174,
        ),
        _r(
            "onw.tokens",
            "A face-up role token for each role card in use lies in the middle: the roles in play are public.",
            "Поместите жетоны ролей (лицевой стороной вверх) в середину",
            175,
        ),
        _r(
            "onw.deal",
            "Shuffle the role cards, deal one to each player; the 3 left go face down in the centre.",
            "Перемешайте ролевые карты и раздайте по одной карте каждому игроку",
            176,
        ),
        _r("onw.look_own", "Each player secretly looks at their card.", "тайно просмотреть свою карту", 177),
        _r(
            "onw.assume.card_in_front",
            "(Garbled L177) each player keeps their card face down in front of themselves.",
            "поместить карту в средние 3 карты",
            177,
            assumption=True,
            outside_text=True,
            fixed="where a face-down card lies is a picture: L177 asks that everyone can reach it and knows whose "
            "it is, and that is all the rules use",
        ),
        _r("onw.phases", "The game has a night phase and then a day phase.", "Ночная фаза и дневная фаза", 180),
        _r(
            "onw.never_wake",
            "Tanners, Villagers and Hunters never wake at night.",
            "Кожевники, сельские жители и охотники никогда не просыпаются ночью",
            181,
        ),
        _r("onw.close_eyes", "Everyone closes their eyes: the night begins.", "Все, закройте глаза", 184),
        _r(
            "onw.call_order",
            "The roles are called in the order of the full list (Doppelganger, Werewolves, Minion, Masons, Seer, "
            "Robber, Troublemaker, Drunk, Insomniac, Doppelganger-Insomniac).",
            "Полный список ролей и порядок их объявления",
            209,
            224,
        ),
        _r(
            "onw.assume.wake_by_dealt",
            "A role call wakes the player who was dealt that card (option wake_by='current': whoever holds it now).",
            "Игрок с картой Провидца открывает глаза",
            190,
            assumption=True,
            option="wake_by",
        ),
        _r(
            "onw.assume.no_new_action",
            "A player whose card was changed does not perform the new role's night action: a call wakes the "
            "player dealt the role (L190 'the player with the Seer card' read as the card dealt). L221 ('these "
            "players are now these roles') allows the other reading, that whoever holds the card when it is "
            "called acts as that role (option wake_by='current'). The default is the real game's, where a "
            "player learns no new role at night unless shown it.",
            "эти игроки теперь являются этими ролями",
            ((190, 190), (221, 221)),
            assumption=True,
            outside_text=True,
            option="wake_by",
        ),
        _r(
            "onw.doppelganger",
            "Doppelganger views another player's card and becomes that role.",
            "она может просматривать карту другого игрока и станет этой ролью",
            210,
        ),
        _r(
            "onw.assume.doppel_must",
            "The Doppelganger must choose a card to copy (she becomes a role: 'станет этой ролью'). L210 also "
            "says she 'may look' ('может просматривать'), which allows the reading that she may look at nobody "
            "and stay a Doppelganger, on the village team (option doppel_may_pass). The default follows 'will "
            "become that role' and the real game, where she must copy.",
            "станет этой ролью",
            210,
            assumption=True,
            option="doppel_may_pass",
        ),
        _r(
            "onw.doppel.passive",
            "A Doppelganger who saw a Villager, Tanner or Hunter is now that role and does nothing more at night.",
            "Крестьянин, Таннер, Охотник = теперь эта роль, больше ничего не делает по ночам",
            210,
        ),
        _r(
            "onw.doppel.group",
            "A Doppelganger who saw a Werewolf or Mason wakes with them; werewolf team or village team.",
            "она просыпается вместе с другими оборотнями или масонами",
            211,
        ),
        _r(
            "onw.doppel.immediate",
            "A Doppelganger who saw a Seer, Robber, Troublemaker or Drunk performs that action at once and does not "
            "wake again when that role is called.",
            "Она немедленно выполняет соответствующее действие",
            212,
        ),
        _r(
            "onw.doppel.minion",
            "At the end of the Doppelganger phase a Doppelganger-Minion keeps her eyes open and the werewolves raise "
            "a thumb: she is on the werewolf team.",
            "если она просматривает карту миньона, держать глаза открытыми",
            213,
        ),
        _r(
            "onw.doppel.insomniac",
            "A Doppelganger-Insomniac looks at her card after the Insomniac closes her eyes.",
            "она открывает глаза после того, как Бессонница закрывает свои",
            ((214, 214), (224, 224)),
        ),
        _r(
            "onw.werewolf",
            "Werewolves are the werewolf team; when called they open their eyes and see each other.",
            "Оборотни входят в команду оборотней",
            215,
        ),
        _r(
            "onw.lone_wolf",
            "Lone wolf option: if there is only 1 werewolf, that werewolf may view one centre card.",
            "Одинокий волк option",
            216,
        ),
        _r(
            "onw.assume.lone_wolf_counts_awake",
            "'Only 1 werewolf' counts the werewolves who wake (a Doppelganger-Werewolf counts: she 'wakes with "
            "the other werewolves', L211). Read as the Werewolf cards, a Werewolf beside a Doppelganger-Werewolf "
            "is still the only one (option lone_wolf_counts='cards'). The default counts her, as L211 makes her "
            "a werewolf.",
            "Если оборотень только 1",
            ((211, 211), (216, 216)),
            assumption=True,
            option="lone_wolf_counts",
        ),
        _r(
            "onw.minion",
            "The Minion is on the werewolf team; the werewolves raise their thumbs and the Minion sees who they are.",
            "Миньоны знают, кто такие оборотни",
            217,
        ),
        _r(
            "onw.mason",
            "Masons wake and look at each other; both Mason cards are used if one is.",
            "Масоны просыпаются и смотрят друг на друга",
            218,
        ),
        _r(
            "onw.seer",
            "The Seer may look at one other player's card or two centre cards.",
            "Провидец может выбрать просмотр одной карты игрока или двух центральных карт",
            219,
        ),
        _r(
            "onw.robber",
            "The Robber may exchange his card with another player's card and then looks at his new card.",
            "Грабитель может заменить свою ролевую карту любой другой картой игрока",
            220,
        ),
        _r(
            "onw.troublemaker",
            "The Troublemaker may swap the cards of two other players without looking; they are now those roles.",
            "может поменять местами карты двух других игроков (без просмотра)",
            221,
        ),
        _r(
            "onw.drunk",
            "The Drunk must exchange his card with a centre card and does not look at it.",
            "Drunk должен обменять свою карту",
            222,
        ),
        _r(
            "onw.insomniac",
            "The Insomniac may check her card one last time.",
            "Insomniac может проверить свою карту в последний раз",
            223,
        ),
        _r(
            "onw.insomniac_needs",
            "Use the Insomniac only if the Robber and/or the Troublemaker is in play.",
            "бессонницу следует использовать только тогда",
            226,
        ),
        _r(
            "onw.custom_roles",
            "Roles may be added or removed freely, always 3 more roles than players.",
            "Вы можете добавлять или удалять роли по своему усмотрению",
            226,
        ),
        _r(
            "onw.assume.larger_sets",
            "For 6-10 players (the text names no set) the 5-player set adds Drunk, Insomniac, Minion, Hunter, Tanner "
            "in that order; option roles chooses any set.",
            "просто добавив в игру больше ролевых карт",
            170,
            assumption=True,
            option="roles",
        ),
        _r("onw.wake_up", "Everyone wakes up: the day begins.", "Всем, просыпайтесь!", 202),
        _r(
            "onw.role_is_card",
            "A player is the role of the card in front of them at the end of the night, even without knowing it.",
            "этот игрок не знает об этой роли и в этой команде",
            205,
        ),
        _r(
            "onw.vote",
            "At the count of three every player points at another player at once: the vote.",
            "каждый игрок укажет на другого игрока, чтобы проголосовать",
            206,
        ),
        _r(
            "onw.execute",
            "The player with the most votes is executed; players tied with two or more votes are all executed; if "
            "nobody has more than one vote, nobody is executed.",
            "Игрок, набравший наибольшее количество голосов, казнен",
            207,
        ),
        _r("onw.reveal", "All executed players reveal their cards.", "Все казненные игроки открывают свои карты", 208),
        _r(
            "onw.hunter",
            "A Hunter who is executed kills the player he voted for.",
            "всегда убивают того, на кого они указывают",
            225,
        ),
        _r(
            "onw.assume.hunter_chain",
            "A Hunter killed by a Hunter's shot shoots too (the shot chains: Hunters 'always kill', and the real "
            "game's Hunter shoots whenever he dies). L225 read literally gives the shot only 'if they themselves "
            "are executed', so a Hunter who is shot does not shoot (option hunter_chain=False). The default is "
            "the real game's rule, 'always' taken as the stronger word.",
            "всегда убивают",
            225,
            assumption=True,
            option="hunter_chain",
        ),
        _r(
            "onw.win.werewolf_dies",
            "Villagers win if at least one werewolf dies, even if innocents died too.",
            "Деревенские жители выигрывают игру, если хотя бы один оборотень умирает",
            229,
        ),
        _r(
            "onw.win.no_werewolves",
            "Villagers win if nobody is executed and there are no werewolves among the players.",
            "если никого не казнят и в игре нет оборотней",
            230,
        ),
        _r(
            "onw.win.villager_killed",
            "Villagers lose if they kill a villager (or the Tanner) without catching a werewolf.",
            "Жители могут проиграть игру",
            231,
        ),
        _r(
            "onw.win.werewolves",
            "Werewolves win if at least one player is a werewolf, no werewolf is killed and the Tanner is not killed.",
            "Оборотни выигрывают игру",
            232,
        ),
        _r(
            "onw.win.tanner",
            "The Tanner (on neither team) wins if he dies; then the werewolves lose; the villagers still win if a "
            "werewolf dies too; if only the Tanner dies, only the Tanner wins.",
            "Таннер не входит ни в команду деревенских жителей, ни в команду оборотней",
            233,
        ),
        _r(
            "onw.assume.teams",
            "Every role not named in a team (Villager, Seer, Robber, Troublemaker, Drunk, Insomniac, Hunter, an "
            "uncopied Doppelganger) is on the village team; the Minion wins with the werewolves.",
            "деревенскую команду",
            ((211, 211), (215, 215), (217, 217), (233, 233)),
            assumption=True,
            fixed="the text puts werewolves and the Minion on one team and the Tanner on none (L211, L215, L217, "
            "L233) and its win conditions speak of villagers against werewolves, so every other role can only "
            "be a villager",
        ),
        _r(
            "onw.assume.nobody_wins",
            "No werewolf among the players and someone other than the Tanner dies: nobody wins (option "
            "minion_wins_alone: the Minion wins if someone other than the Minion died).",
            "Жители могут проиграть игру",
            231,
            assumption=True,
            option="minion_wins_alone",
        ),
        _r(
            "onw.assume.order_option",
            "Teaching option: the night calls the roles in another order (call_order).",
            "порядок их объявления",
            209,
            assumption=True,
            option="call_order",
        ),
    ]
)
