"""Which card a told response acts on, as the responding card's text says: "it" in "they chain
Y to destroy it" or "... and banish it" is the card of the link Y answers or the card that link
targets, by the kinds of card Y can act on (what it targets, or the kind its part names), where
they are (a card that acts on the GY cannot act on the card just activated on the field), and
refused where Y could act on both (game-rules#chain: both are there)."""

from __future__ import annotations

from lark import Tree

from ..reader.phrases import effect_used_from, part_object_kind
from .refs import PLACE_CONDITIONS, targets_only

# a target that must be a monster is never a Spell/Trap, and back (the reader's target conditions)
_OTHER_KIND = {"monster": ("spell-trap", "spell", "trap"), "spell-trap": ("monster",),
               "spell": ("monster",), "trap": ("monster",)}


# words naming "the card" a response acts on that fit both the answered card and its target
IT_WORDS = (["it"], ["that", "card"], ["that", "same", "card"], ["the", "same", "card"])


def other_of_monster() -> tuple[str, ...]:
    """The target conditions of a Spell or Trap (any of them)."""
    return _OTHER_KIND["monster"]


class ResponseReach:
    """The told situation's methods that say which card a response acts on (a mixin of
    :class:`~.chains.ChainEvents`)."""

    def _answered_card(self, act: dict, node: Tree, verb: str | None = None) -> str:
        """"it" in "chains X to destroy it": the card of the link X answers; refused when X's text
        cannot act on that card ("I chain Compulsory Evacuation Device to return it" answering a
        Trap that targets the attacking monster without the story saying so: not the Trap)."""
        to = next((e for e in self.events if e.get("kind") == "activate"
                   and e.get("id") == act.get("respond")), None) if act.get("respond") else None
        card = to["effect"].get("card") if to else None
        if card is None:
            self.fail("which card is 'it'?", node)
        if verb is not None and self._cannot_act_on_answered(act, to, verb):
            self.fail(f"which card is 'it'? ({act['effect'].get('card')} cannot {verb} {card} as its "
                      "text says: name the card)", node)
        return to.get("source") or card

    def _acts_only_on(self, act: dict, verb: str | None) -> tuple[str, ...] | None:
        """The kinds of card the effect of ``act`` acts on, when its text limits them to one kind:
        by what it targets ("Target 1 Spell/Trap ..."), or, when it targets nothing, by what its
        parts doing ``verb`` name ("destroy all Spells and Traps ..."); else None."""
        found = self.effect_of(act["effect"]) if act["effect"].get("card") else None
        if found is None:
            return None
        reading, eid = found
        if any(f.type == "target" and f.get("effect") == eid for f in reading.facts):
            for only in (("monster",), other_of_monster()):
                if targets_only(reading, eid, only):
                    return only
            return None
        said = {part_object_kind(f.source.quote if f.source else "") for f in reading.facts
                if f.type == "clause" and f.get("effect") == eid and f.get("verb") == verb}
        if verb is None or len(said) != 1 or None in said:
            return None
        return ("monster",) if said == {"monster"} else other_of_monster()

    def _cannot_act_on_answered(self, act: dict, to: dict | None, verb: str | None = None) -> bool:
        """Can the effect of ``act`` not act on the card of the link ``to`` it answers: it targets
        only cards in the GY or banished (that card was just activated on the field), or acts only
        on monsters while that card is a Spell or Trap, or only on Spells/Traps while it is a
        monster ("they chain Compulsory Evacuation Device and return it to the hand" after a Spell
        that targets a monster: "it" is that monster)?"""
        if self._targets_off_field(act):
            return True
        card = (to or {}).get("effect", {}).get("card")
        answered = self.db.get(card) if card else None
        if answered is None or (to or {}).get("source"):
            return False
        only = self._acts_only_on(act, verb)
        kind = "monster" if answered.kind == "monster" else "spell-trap"
        # (``only`` is one of two tuples: ("monster",), or every Spell/Trap condition)
        return only is not None and kind not in only

    def _cannot_reach_targets(self, act: dict, to: dict, verb: str | None = None) -> bool:
        """Does the effect of ``act`` act only on a kind of card (monsters, or Spells/Traps) that
        the targets of the link ``to`` it answers cannot be, as that link's card text says?"""
        theirs = self.effect_of(to["effect"]) if to["effect"].get("card") else None
        if theirs is None:
            return False
        kinds = {f.get("condition") for f in theirs[0].facts if f.type == "target_condition"
                 and f.get("effect") == theirs[1] and f.get("condition") in _OTHER_KIND}
        only = self._acts_only_on(act, verb)
        return len(kinds) == 1 and only is not None and \
            set(only) <= set(_OTHER_KIND[next(iter(kinds))])

    def _kind_of(self, x: str) -> str | None:
        """A told card's kind: monster or spell-trap (its card's kind, or its words); None unsaid."""
        card = self.db.get(x) if x not in self.entities and x in self.db else None
        if card is not None:
            return "monster" if card.kind == "monster" else "spell-trap"
        ws = set(self.entities.get(x, {}).get("desc", "").lower().replace("/", " ").split())
        kinds = {"monster" for w in ws if w in ("monster", "monsters")} | \
            {"spell-trap" for w in ws if w in ("spell", "spells", "trap", "traps")}
        return next(iter(kinds)) if len(kinds) == 1 else None

    def _it_ambiguous(self, act: dict, to: dict | None, verb: str | None,
                      monsters: bool = False) -> bool:
        """"... chain Y to destroy it" answering X that targets one card: can Y, as its text says,
        act on X's own card (a Spell/Trap being activated is face-up on the field) as well as on
        the card X targets?  Then "it" could be either (game-rules#chain: both are there).
        X a monster's effect (``monsters``): only where "it" was read as X's own card; where it is
        read as the card X targets ("Chaos Sorcerer targets my monster and I chain Book of Moon on
        it"), that reading stays (players tell it so)."""
        if to is None or to.get("source") or self._targets_off_field(act):
            return False
        aimed = list(dict.fromkeys(to.get("targets") or []))
        card = (to.get("effect") or {}).get("card")
        answered = self.db.get(card) if card else None
        if len(aimed) != 1 or answered is None or to.get("from") in ("hand", "gy", "banished"):
            return False
        if answered.kind == "monster" and not monsters:
            return False
        if answered.kind == "monster":
            # a monster's effect: its card is on the field unless the effect is used from the
            # hand or the GY ("discard this card", "banish this card from your GY")
            found = self.effect_of(to["effect"])
            text = next((e.text for e in found[0].effects if e.id == found[1]), "") if found else ""
            if not found or any(effect_used_from(text, p) for p in ("hand", "gy")):
                return False
        only = self._acts_only_on(act, verb)
        allowed = None if only is None else \
            {"monster" if k == "monster" else "spell-trap" for k in only}
        kinds = {"monster" if answered.kind == "monster" else "spell-trap",
                 self._kind_of(aimed[0]) or "monster"}
        return allowed is None or kinds <= allowed

    def _it_answered(self, act: dict, verb: str | None, node) -> bool:
        """"it" told of what the response ``act`` does to a card ("... destroys it with Y", "they
        chain Y. They destroy it in response"): True when it is the card of the link ``act``
        answers, as Y's text says (Y cannot act on the kind of card that link targets); refused
        when Y can act on both; False when it is the card that link targets."""
        to = next((e for e in self.events if e.get("id") == act.get("respond")), None) \
            if act.get("respond") and not act.get("targets") and not act.get("does") else None
        if to is None or not to.get("targets") or to.get("source"):
            return False
        if self._cannot_reach_targets(act, to, verb):
            return True
        if self._it_ambiguous(act, to, verb):
            self.fail(f"which card is 'it': {to['effect'].get('card')} or the card it targets? "
                      "(both can be as its text says: name it)", node)
        return False

    def _targets_off_field(self, act: dict) -> bool:
        """Does the effect of ``act`` target only cards in the GY or banished?"""
        found = self.effect_of(act["effect"]) if act["effect"].get("card") else None
        if found is None:
            return False
        return targets_only(*found, PLACE_CONDITIONS)
